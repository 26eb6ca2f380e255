import { act, createEvent, fireEvent, screen } from '@testing-library/react';
import { RESUME_MAX_BYTES } from '@agentora/forms';
import { RESUME_TYPES } from '@agentora/forms';
import { fileOfSize, renderWithUser } from '../test-support/render';
import { ResumeDropZone } from './ResumeDropZone';
import { useResumeFile } from './useResumeFile';

function Harness({ disabled = false }: { disabled?: boolean }) {
  const resume = useResumeFile();
  return (
    <ResumeDropZone
      file={resume.file}
      error={resume.error}
      disabled={disabled}
      onPick={resume.pick}
      onRemove={resume.remove}
    />
  );
}

function dropFiles(target: Element, files: File[]) {
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

const zone = () => screen.getByTestId('resume-drop-zone');
const input = () => screen.getByLabelText('Resume') as HTMLInputElement;

beforeEach(() => jest.useFakeTimers());

describe('ResumeDropZone', () => {
  it('is a labelled file input that offers only PDF and Word files, with the limits as its hint', () => {
    renderWithUser(<Harness />);
    expect(input()).toHaveAttribute('type', 'file');
    expect(input()).toHaveAttribute(
      'accept',
      '.pdf,.doc,.docx,application/pdf,application/msword,' + RESUME_TYPES.docx,
    );
    expect(input()).toHaveAccessibleDescription('Optional. PDF, DOC or DOCX, up to 5 MB.');
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeEnabled();
  });

  it('shows a picked file with its name and size, and Remove takes it away', async () => {
    const { user } = renderWithUser(<Harness />);
    await user.upload(input(), fileOfSize('jane-doe.pdf', 49_459, RESUME_TYPES.pdf));
    expect(zone()).toHaveTextContent('jane-doe.pdf');
    expect(zone()).toHaveTextContent('48.3 KB');

    await user.click(screen.getByRole('button', { name: 'Remove jane-doe.pdf' }));
    expect(zone()).not.toHaveTextContent('jane-doe.pdf');
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose file' })).toHaveFocus();
  });

  it('accepts exactly 5 MB and refuses one byte more without keeping the file', async () => {
    const { user } = renderWithUser(<Harness />);
    await user.upload(input(), fileOfSize('big.pdf', RESUME_MAX_BYTES + 1, RESUME_TYPES.pdf));
    expect(screen.getByRole('alert')).toHaveTextContent('File size must be less than 5MB');
    expect(zone()).not.toHaveTextContent('big.pdf');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription(
      'Optional. PDF, DOC or DOCX, up to 5 MB. File size must be less than 5MB',
    );

    await user.upload(input(), fileOfSize('exact.pdf', RESUME_MAX_BYTES, RESUME_TYPES.pdf));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(zone()).toHaveTextContent('exact.pdf');
    expect(zone()).toHaveTextContent('5 MB');
    expect(input()).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['photo.png', 'image/png'],
    ['notes.txt', 'text/plain'],
    ['cv.pages', ''],
  ])('refuses %s (%j) with the type message', async (name, type) => {
    const { user } = renderWithUser(<Harness />);
    await user.upload(input(), fileOfSize(name, 2048, type));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a PDF or Word document');
    expect(zone()).not.toHaveTextContent(name);
  });

  it.each([
    ['cv.pdf', RESUME_TYPES.pdf],
    ['cv.doc', 'application/msword'],
    ['cv.docx', RESUME_TYPES.docx],
    ['cv.doc', ''],
    ['cv.docx', ''],
  ])('accepts %s (%j)', async (name, type) => {
    const { user } = renderWithUser(<Harness />);
    await user.upload(input(), fileOfSize(name, 2048, type));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(zone()).toHaveTextContent(name);
  });

  it('keeps an earlier valid file when a refused one is picked after it', async () => {
    const { user } = renderWithUser(<Harness />);
    await user.upload(input(), fileOfSize('cv.pdf', 1000, RESUME_TYPES.pdf));
    await user.upload(input(), fileOfSize('photo.png', 1000, 'image/png'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a PDF or Word document');
    expect(zone()).toHaveTextContent('cv.pdf');
    expect(zone()).not.toHaveTextContent('photo.png');
  });

  it('takes a file dropped on the zone, and refuses a dropped file of the wrong type', () => {
    renderWithUser(<Harness />);
    dropFiles(zone(), [fileOfSize('dropped.docx', 3000, RESUME_TYPES.docx)]);
    expect(zone()).toHaveTextContent('dropped.docx');
    expect(zone()).toHaveTextContent('2.9 KB');

    dropFiles(zone(), [fileOfSize('dropped.png', 3000, 'image/png')]);
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a PDF or Word document');
    expect(zone()).toHaveTextContent('dropped.docx');
  });

  it('highlights while a file is dragged over it', () => {
    renderWithUser(<Harness />);
    fireEvent.dragEnter(zone(), { dataTransfer: { files: [], types: ['Files'] } });
    expect(zone()).toHaveAttribute('data-dragging', 'true');
    fireEvent.dragLeave(zone(), {
      dataTransfer: { files: [], types: ['Files'] },
      relatedTarget: document.body,
    });
    expect(zone()).not.toHaveAttribute('data-dragging');
  });

  it('ignores drops and disables its controls while disabled', () => {
    renderWithUser(<Harness disabled />);
    dropFiles(zone(), [fileOfSize('cv.pdf', 1000, RESUME_TYPES.pdf)]);
    expect(zone()).not.toHaveTextContent('cv.pdf');
    expect(input()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeDisabled();
  });

  it('stops a file dropped elsewhere on the page from replacing the page', () => {
    const { unmount } = renderWithUser(<Harness />);
    const stray = createEvent.drop(document.body, {
      dataTransfer: { files: [], types: ['Files'] },
    });
    fireEvent(document.body, stray);
    expect(stray.defaultPrevented).toBe(true);

    act(() => unmount());
    const later = createEvent.drop(document.body, {
      dataTransfer: { files: [], types: ['Files'] },
    });
    fireEvent(document.body, later);
    expect(later.defaultPrevented).toBe(false);
  });
});
