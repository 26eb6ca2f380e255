// The notice a browser with a remote override shows on every page, outside React's root (it is not
// part of any page's HTML, so hydration never sees it), asking to confirm a link's override, with the button that clears them.
// Plain DOM: it runs in the entry chunk (remote-overrides.ts).
import {
  CLEAR_OVERRIDES,
  OVERRIDE_PARAM,
  confirmOverride,
  type OverrideState,
} from './remote-overrides';

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

function button(doc: Document, label: string, onClick: () => void): HTMLButtonElement {
  const element = doc.createElement('button');
  element.type = 'button';
  element.setAttribute('style', BUTTON_STYLE);
  element.textContent = label;
  element.addEventListener('click', onClick);
  return element;
}

/** Shows what this browser is overriding, asks to confirm a link's override, or says it refused one. */
export function showOverrideBanner(
  state: OverrideState,
  storage: Storage | undefined,
  doc: Document = document,
): void {
  if (state.active.length === 0 && !state.pending && !state.refused) return;
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
    ...(state.pending
      ? [
          `Load "${state.pending.remote}" from ${state.pending.manifestUrl} in this browser? Only for a build your team gave you.`,
        ]
      : []),
    ...(state.refused ? [`Remote override refused: ${state.refused.reason}`] : []),
  ].join(' ');
  banner.append(text);
  const { pending } = state;
  if (pending) {
    banner.append(
      button(doc, 'Load this build', () => {
        confirmOverride(storage, pending);
        doc.location.assign(withoutOverrideParam(doc.location.href));
      }),
    );
  }
  if (state.active.length > 0) {
    banner.append(
      button(doc, 'Clear override', () => {
        const url = new URL(doc.location.href);
        url.searchParams.set(OVERRIDE_PARAM, CLEAR_OVERRIDES);
        doc.location.assign(url.href);
      }),
    );
  } else {
    banner.append(button(doc, pending ? 'Cancel' : 'Dismiss', () => banner.remove()));
  }
  doc.body.append(banner);
}
