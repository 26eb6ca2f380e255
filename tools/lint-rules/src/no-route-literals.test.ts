import { lintAll, type Finding } from './test-support/lint-in-workspace.ts';

const routeFindings = (findings: Finding[]) =>
  findings
    .filter((finding) => finding.rule === 'agentora/no-route-literals')
    .map(({ line }) => line);

describe('agentora/no-route-literals', () => {
  it('flags a path written into a link, in JSX or in a navigation entry', () => {
    const [component, navigation] = lintAll([
      {
        file: 'apps/content/src/route-literal-check.tsx',
        code: [
          "import { Link } from 'react-router-dom';",
          "import { PATHS } from '@agentora/data';",
          'export const a = <Link to="/coming-soon">Join</Link>;',
          "export const b = <Link to={'/blog'}>Blog</Link>;",
          'export const c = <Link to={`/blog`}>Blog</Link>;',
          'export const d = <a href="/privacy">Privacy</a>;',
          'export const ok1 = <Link to={PATHS.comingSoon}>Join</Link>;',
          'export const ok2 = <a href="https://agentora.ai/blog">Blog</a>;',
          'export const ok3 = <a href="//cdn.example/x.js">cdn</a>;',
          "export const ok4 = <Link to={{ hash: '#vision' }}>Vision</Link>;",
        ].join('\n'),
      },
      {
        file: 'apps/shell/src/layout/route-literal-check.ts',
        code: [
          "import { PATHS } from '@agentora/data';",
          "export const links = [{ to: '/about', label: 'About' }, { to: PATHS.blog, label: 'Blog' }];",
          "export const other = { path: '/about' };",
        ].join('\n'),
      },
    ]);
    expect(routeFindings(component)).toEqual([3, 4, 5, 6]);
    expect(routeFindings(navigation)).toEqual([2]);
  });

  it('leaves tests and the paths module alone', () => {
    const [test] = lintAll([
      {
        file: 'apps/content/src/route-literal-check.test.tsx',
        code: "export const expected = { to: '/blog' };\n",
      },
    ]);
    expect(routeFindings(test)).toEqual([]);
  });
});
