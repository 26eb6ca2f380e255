import { EMAIL_BRAND } from '../rules/brand.ts';
import { escapeHtml } from './html.ts';

// An email is described once as plain-text blocks and rendered twice (HTML and text). Nothing in a block
// is markup, so every value is escaped on the way into the HTML. No block takes text a visitor typed
// (docs/security.md, "What a mail may carry"): there is no block to quote one in.
export interface EmailLink {
  label: string;
  url: string;
}
export type Segment = string | { strong: string } | { link: EmailLink };

export type Block =
  | { kind: 'paragraph'; segments: Segment[] }
  | { kind: 'list'; items: string[] }
  /** The mail's call to action, e.g. "Confirm your email". */
  | { kind: 'button'; link: EmailLink };

export interface EmailContent {
  subject: string;
  heading: string;
  blocks: Block[];
  /** Links in the footer: unsubscribe, the privacy page. */
  footerLinks?: EmailLink[];
}

export interface RenderOptions {
  /** The site the "Visit" button and the footer name; the production site by default. */
  siteUrl?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const paragraph = (...segments: Segment[]): Block => ({ kind: 'paragraph', segments });

/**
 * The one greeting of every mail. Never a name: whoever typed a sign-up may not own the mailbox, and a
 * confirmation proves only that the owner reads it, not that they wrote what the row says
 * (docs/security.md, "What a mail may carry").
 */
export const GREETING: Block = paragraph('Hi there,');

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const BUTTON_STYLE =
  'display:inline-block;padding:12px 24px;border-radius:8px;color:#ffffff;text-decoration:none;font-weight:600';

function buttonHtml(link: EmailLink, background: string): string {
  return `<a href="${escapeHtml(link.url)}" style="${BUTTON_STYLE};background:${background}">${escapeHtml(link.label)}</a>`;
}

function segmentToHtml(segment: Segment): string {
  if (typeof segment === 'string') return escapeHtml(segment);
  if ('link' in segment) {
    return `<a href="${escapeHtml(segment.link.url)}" style="color:#a78bfa">${escapeHtml(segment.link.label)}</a>`;
  }
  return `<strong style="color:#ffffff">${escapeHtml(segment.strong)}</strong>`;
}

function segmentToText(segment: Segment): string {
  if (typeof segment === 'string') return segment;
  if (!('link' in segment)) return segment.strong;
  // A link shown as its own address (one to copy) is printed once.
  const { label, url } = segment.link;
  return label === url ? url : `${label} (${url})`;
}

function blockToHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;line-height:1.6">${block.segments.map(segmentToHtml).join('')}</p>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.6">${block.items
        .map((item) => `<li>${escapeHtml(item)}</li>`)
        .join('')}</ul>`;
    case 'button':
      return `<p style="margin:8px 0 24px">${buttonHtml(block.link, '#7c3aed')}</p>`;
  }
}

const linkText = (link: EmailLink) => `${link.label}: ${link.url}`;

function blockToText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.segments.map(segmentToText).join('');
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'button':
      return linkText(block.link);
  }
}

function renderHtml(content: EmailContent, siteUrl: string): string {
  const { name, supportEmail } = EMAIL_BRAND;
  // A mail whose own button is the point shows "Visit" in a quieter colour.
  const hasButton = content.blocks.some((block) => block.kind === 'button');
  const footerLinks = (content.footerLinks ?? [])
    .map(
      (link) =>
        `<a href="${escapeHtml(link.url)}" style="color:#a78bfa">${escapeHtml(link.label)}</a>`,
    )
    .join(' &middot; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#0b0b14;${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0b0b14">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#12121f;border:1px solid #2a2a40;border-radius:16px;overflow:hidden">
<tr><td style="padding:24px 32px;background:linear-gradient(135deg,#7c3aed,#2563eb);color:#ffffff;font-size:22px;font-weight:700;letter-spacing:0.5px">${escapeHtml(name)}</td></tr>
<tr><td style="padding:32px;color:#d1d5db;font-size:16px">
<h1 style="margin:0 0 24px;color:#ffffff;font-size:24px">${escapeHtml(content.heading)}</h1>
${content.blocks.map(blockToHtml).join('\n')}
<p style="margin:24px 0 0">${buttonHtml({ label: `Visit ${name}`, url: siteUrl }, hasButton ? '#2a2a40' : '#7c3aed')}</p>
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #2a2a40;color:#9ca3af;font-size:13px;line-height:1.5">
The ${escapeHtml(name)} team &middot; <a href="${escapeHtml(siteUrl)}" style="color:#a78bfa">${escapeHtml(siteUrl.replace(/^https?:\/\//, ''))}</a><br>
Questions? Write to <a href="mailto:${escapeHtml(supportEmail)}" style="color:#a78bfa">${escapeHtml(supportEmail)}</a>.${footerLinks ? `<br>\n${footerLinks}` : ''}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderText(content: EmailContent, siteUrl: string): string {
  const { name, supportEmail } = EMAIL_BRAND;
  const body = [content.heading, ...content.blocks.map(blockToText)];
  const footer = [`The ${name} team - ${siteUrl}`, `Questions? Write to ${supportEmail}.`];
  footer.push(...(content.footerLinks ?? []).map(linkText));
  return `${body.join('\n\n')}\n\n--\n${footer.join('\n')}\n`;
}

export function renderEmail(content: EmailContent, options: RenderOptions = {}): RenderedEmail {
  const siteUrl = options.siteUrl ?? EMAIL_BRAND.siteUrl;
  return {
    subject: content.subject,
    html: renderHtml(content, siteUrl),
    text: renderText(content, siteUrl),
  };
}
