import { pageHtml, splitHoisted } from './html-page';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agentora</title><style>html{background:#000}</style>' +
  '<script defer fetchpriority="high" src="/main.0123456789.js"></script></head><body><div id="root"></div>\n' +
  '    <noscript>Agentora needs JavaScript to show this page.</noscript></body></html>';

const PAGE = {
  html:
    '<title>About | Agentora</title><meta name="description" content="Why &amp; how"/><link rel="canonical" href="https://agentora.ai/about"/>' +
    '<meta property="og:title" content="About | Agentora"/><a class="x">Skip</a><header>…</header><main><h1>About</h1></main>',
  styleTags: '<style data-styled="true" data-styled-version="6.6.0">.x{color:red}</style>',
  parts: { 'content/AboutPage': 'abc' },
  partsScript:
    '<script type="application/json" id="prerendered-parts">{"content/AboutPage":"abc"}</script>',
};

describe('splitHoisted', () => {
  it("takes React's leading <title>, <meta> and <link> tags off the markup, and nothing after them", () => {
    const { head, body } = splitHoisted(PAGE.html);
    expect(head).toBe(
      '<title>About | Agentora</title><meta name="description" content="Why &amp; how"/><link rel="canonical" href="https://agentora.ai/about"/><meta property="og:title" content="About | Agentora"/>',
    );
    expect(body).toBe('<a class="x">Skip</a><header>…</header><main><h1>About</h1></main>');
  });

  it('leaves markup without head tags alone, and tags further in stay where they are', () => {
    expect(splitHoisted('<div><title>x</title></div>')).toEqual({
      head: '',
      body: '<div><title>x</title></div>',
    });
  });
});

describe('pageHtml', () => {
  const html = pageHtml(TEMPLATE, PAGE);

  it("puts the page's head tags in place of the template's title, once", () => {
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(
      '<head><meta charset="utf-8"><title>About | Agentora</title><meta name="description"',
    );
    expect(html.indexOf('rel="canonical"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('puts the styles in <head> and the markup with its module versions in #root', () => {
    expect(html).toContain(`${PAGE.styleTags}</head>`);
    expect(html).toContain(
      `<div id="root"><a class="x">Skip</a><header>…</header><main><h1>About</h1></main></div>${PAGE.partsScript}</body>`,
    );
  });

  it('drops the "needs JavaScript" notice: the page reads without it', () => {
    expect(html).not.toContain('noscript');
  });

  it('keeps the scripts that hydrate the page', () => {
    expect(html).toContain(
      '<script defer fetchpriority="high" src="/main.0123456789.js"></script>',
    );
  });

  it('takes the markup literally, even where it looks like a replacement pattern', () => {
    const tricky = pageHtml(TEMPLATE, { ...PAGE, html: "<title>$& $' $1</title><p>$&</p>" });
    expect(tricky).toContain("<title>$& $' $1</title>");
    expect(tricky).toContain('<div id="root"><p>$&</p></div>');
  });

  it('refuses a template that is not the shell page', () => {
    expect(() => pageHtml('<html><head></head><body></body></html>', PAGE)).toThrow(/no <title>/);
    expect(() =>
      pageHtml(TEMPLATE.replace('<div id="root"></div>', '<div id="root">x</div>'), PAGE),
    ).toThrow(/empty <div id="root">/);
  });
});
