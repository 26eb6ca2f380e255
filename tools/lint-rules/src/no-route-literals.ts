import type { Rule } from 'eslint';

/**
 * `agentora/no-route-literals`: a link never writes a path of the site; it names one (`PATHS.blog`,
 * libs/data/src/site/paths.ts). So a path is written once, and a link to a route that does not exist
 * does not compile. Flags a string that looks like a site path (`'/…'`, not `'//…'`) given as `to` or
 * `href`: a JSX attribute, or a property of an object (a navigation entry). The paths module itself and
 * tests are exempt (eslint.config.mjs).
 */
const SITE_PATH = /^\/(?!\/)[^\s]*$/;

function isSitePathLiteral(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const candidate = node as {
    type: string;
    value?: unknown;
    quasis?: Array<{ value: { cooked?: string } }>;
  };
  if (candidate.type === 'Literal') {
    return typeof candidate.value === 'string' && SITE_PATH.test(candidate.value);
  }
  if (candidate.type === 'TemplateLiteral') {
    return SITE_PATH.test(candidate.quasis?.[0]?.value.cooked ?? '');
  }
  return false;
}

const LINK_PROPS = new Set(['to', 'href']);
const MESSAGE = 'Name the path (PATHS.… from @agentora/data) instead of writing it.';

export const noRouteLiterals: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Links name a path of the route table instead of writing it.' },
    schema: [],
    messages: { literal: MESSAGE },
  },
  create(context) {
    return {
      JSXAttribute(node: Rule.Node) {
        const attribute = node as unknown as {
          name: { name?: unknown };
          value: { type: string; expression?: unknown } | null;
        };
        if (typeof attribute.name.name !== 'string' || !LINK_PROPS.has(attribute.name.name)) return;
        const value = attribute.value;
        if (!value) return;
        const literal = value.type === 'JSXExpressionContainer' ? value.expression : value;
        if (isSitePathLiteral(literal)) context.report({ node, messageId: 'literal' });
      },
      Property(node: Rule.Node) {
        const property = node as unknown as {
          key: { type: string; name?: string; value?: unknown };
          value: unknown;
          computed: boolean;
        };
        const key = property.key.type === 'Identifier' ? property.key.name : property.key.value;
        if (property.computed || typeof key !== 'string' || !LINK_PROPS.has(key)) return;
        if (isSitePathLiteral(property.value)) context.report({ node, messageId: 'literal' });
      },
    };
  },
};
