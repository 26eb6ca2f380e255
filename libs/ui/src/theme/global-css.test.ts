/** @jest-environment node */
import { GLOBAL_CSS, THEME_COLOR } from './global-css';
import { theme } from './theme';

describe('the global stylesheet', () => {
  it('is written from the theme', () => {
    expect(GLOBAL_CSS).toContain(`background:${theme.colors.background}`);
    expect(GLOBAL_CSS).toContain(`color:${theme.colors.text}`);
    expect(GLOBAL_CSS).toContain(`font-family:${theme.fonts.body}`);
    expect(GLOBAL_CSS).toContain(`outline:3px solid ${theme.colors.focus}`);
    expect(GLOBAL_CSS).toContain(`scroll-padding-top:${theme.layout.headerHeight}`);
    expect(THEME_COLOR).toBe(theme.colors.background);
  });

  it('is plain CSS a <style> element can carry: balanced braces, nothing left to interpolate', () => {
    expect(GLOBAL_CSS.split('{').length).toBe(GLOBAL_CSS.split('}').length);
    expect(GLOBAL_CSS).not.toMatch(/\$\{|undefined|<\/style/i);
    expect(GLOBAL_CSS).toContain('@media (prefers-reduced-motion:reduce)');
  });
});
