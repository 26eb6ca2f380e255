import { render, screen } from '@testing-library/react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { prepareHistoryEntry } from './history-entry';

function Where() {
  const location = useLocation();
  return <p>{`${location.pathname} ${location.key} ${JSON.stringify(location.state)}`}</p>;
}

describe('the history entry prepared for the router', () => {
  beforeEach(() => window.history.replaceState(null, '', '/about?from=mail'));
  afterEach(() => jest.restoreAllMocks());

  it('is what BrowserRouter would write: the router writes nothing and reads the same location', () => {
    prepareHistoryEntry();
    expect(window.history.state).toEqual({ idx: 0 });
    const replaceState = jest.spyOn(window.history, 'replaceState');
    render(
      <BrowserRouter>
        <Where />
      </BrowserRouter>,
    );
    expect(replaceState).not.toHaveBeenCalled();
    expect(screen.getByText('/about default null')).toBeInTheDocument();
  });

  it('keeps what the entry already holds, and leaves an entry the router has indexed alone', () => {
    window.history.replaceState({ usr: { from: 'menu' }, key: 'k1' }, '');
    prepareHistoryEntry();
    expect(window.history.state).toEqual({ usr: { from: 'menu' }, key: 'k1', idx: 0 });

    window.history.replaceState({ usr: null, key: 'k2', idx: 3 }, '');
    const replaceState = jest.spyOn(window.history, 'replaceState');
    prepareHistoryEntry();
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('without it, BrowserRouter writes the index itself (what the preparation saves)', () => {
    const replaceState = jest.spyOn(window.history, 'replaceState');
    render(
      <BrowserRouter>
        <Where />
      </BrowserRouter>,
    );
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '');
    expect(screen.getByText('/about default null')).toBeInTheDocument();
  });
});
