import { EMAIL_BRAND } from '../brand.ts';
import { escapeHtml } from './html.ts';

// An email is described once as plain-text blocks and rendered twice (HTML and text). Nothing in a block
// is markup, so every value, stored by a visitor or not, is escaped on the way into the HTML.
export type Segment = string | { strong: string };
export type Block =
  | { kind: 'paragraph'; segments: Segment[] }
  | { kind: 'list'; items: string[] }
  | { kind: 'quote'; text: string };

export interface EmailContent {
  subject: string;
  heading: string;
  blocks: Block[];
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const paragraph = (...segments: Segment[]): Block => ({ kind: 'paragraph', segments });

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function segmentToHtml(segment: Segment): string {
  return typeof segment === 'string'
    ? escapeHtml(segment)
    : `<strong style="color:#ffffff">${escapeHtml(segment.strong)}</strong>`;
}

function blockToHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;line-height:1.6">${block.segments.map(segmentToHtml).join('')}</p>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.6">${block.items
        .map((item) => `<li>${escapeHtml(item)}</li>`)
        .join('')}</ul>`;
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:3px solid #8b5cf6;background:#1c1c2e;white-space:pre-line">${escapeHtml(block.text)}</blockquote>`;
  }
}

function blockToText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.segments
        .map((segment) => (typeof segment === 'string' ? segment : segment.strong))
        .join('');
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'quote':
      return block.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
  }
}

function renderHtml(content: EmailContent): string {
  const { name, siteUrl, supportEmail } = EMAIL_BRAND;
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
<p style="margin:24px 0 0"><a href="${escapeHtml(siteUrl)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:#7c3aed;color:#ffffff;text-decoration:none;font-weight:600">Visit ${escapeHtml(name)}</a></p>
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #2a2a40;color:#9ca3af;font-size:13px;line-height:1.5">
The ${escapeHtml(name)} team &middot; <a href="${escapeHtml(siteUrl)}" style="color:#a78bfa">${escapeHtml(siteUrl.replace(/^https?:\/\//, ''))}</a><br>
Questions? Write to <a href="mailto:${escapeHtml(supportEmail)}" style="color:#a78bfa">${escapeHtml(supportEmail)}</a>.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderText(content: EmailContent): string {
  const { name, siteUrl, supportEmail } = EMAIL_BRAND;
  return `${content.heading}\n\n${content.blocks.map(blockToText).join('\n\n')}\n\n--\nThe ${name} team - ${siteUrl}\nQuestions? Write to ${supportEmail}.\n`;
}

export function renderEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, html: renderHtml(content), text: renderText(content) };
}
