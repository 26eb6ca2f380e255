// The notice a browser with a remote override shows on every page, outside React's root (it is not
// part of any page's HTML, so hydration never sees it), with the button that clears the overrides.
// Plain DOM: it runs in the entry chunk (remote-overrides.ts).
import { CLEAR_OVERRIDES, OVERRIDE_PARAM, type OverrideState } from './remote-overrides';

export const OVERRIDE_BANNER_ID = 'remote-override-banner';

const BANNER_STYLE = [
  'position:fixed',
  'inset:auto 0 0 0',
  'z-index:2147483647',
  'display:flex',
  'flex-wrap:wrap',
  'gap:0.75rem',
  'align-items:center',
  'justify-content:center',
  'padding:0.5rem 1rem',
  'background:#facc15',
  'color:#0b0d17',
  'font:600 0.875rem/1.4 system-ui,sans-serif',
].join(';');

const BUTTON_STYLE =
  'font:inherit;padding:0.25rem 0.75rem;border:2px solid #0b0d17;border-radius:999px;background:#fff;color:#0b0d17;cursor:pointer';

/** The address without the override parameter: a copied link must not pass the override on. */
export function withoutOverrideParam(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(OVERRIDE_PARAM);
  return url.href;
}

/** Shows what this browser is overriding (or refused to), if anything. */
export function showOverrideBanner(state: OverrideState, doc: Document = document): void {
  if (state.active.length === 0 && !state.refused) return;
  doc.getElementById(OVERRIDE_BANNER_ID)?.remove();
  const banner = doc.createElement('div');
  banner.id = OVERRIDE_BANNER_ID;
  banner.setAttribute('role', 'region');
  banner.setAttribute('aria-label', 'Remote override');
  banner.setAttribute('style', BANNER_STYLE);
  const text = doc.createElement('p');
  text.style.margin = '0';
  text.textContent = [
    ...state.active.map(
      ({ remote, manifestUrl }) =>
        `Previewing "${remote}" from ${manifestUrl}, in this browser only.`,
    ),
    ...(state.refused ? [`Remote override refused: ${state.refused.reason}`] : []),
  ].join(' ');
  banner.append(text);
  const button = doc.createElement('button');
  button.type = 'button';
  button.setAttribute('style', BUTTON_STYLE);
  if (state.active.length > 0) {
    button.textContent = 'Clear override';
    button.addEventListener('click', () => {
      const url = new URL(doc.location.href);
      url.searchParams.set(OVERRIDE_PARAM, CLEAR_OVERRIDES);
      doc.location.assign(url.href);
    });
  } else {
    button.textContent = 'Dismiss';
    button.addEventListener('click', () => banner.remove());
  }
  banner.append(button);
  doc.body.append(banner);
}
