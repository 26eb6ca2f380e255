module.exports = { preset: '@agentora/jest-preset', displayName: '@agentora/backoffice' };
