import { majorVersionGuard, majorOf, SharedMajorMismatchError } from './major-version-guard';

type ResolveArgs = Parameters<NonNullable<ReturnType<typeof majorVersionGuard>['resolveShare']>>[0];

function argsFor(
  requiredVersion: string | false,
  providedVersion: string,
  singleton = true,
): ResolveArgs {
  const resolved = { shared: { version: providedVersion }, useTreesShaking: false };
  return {
    pkgName: 'react',
    version: providedVersion,
    scope: 'default',
    shareInfo: { from: 'careers', shareConfig: { singleton, requiredVersion } },
    resolver: () => resolved,
  } as unknown as ResolveArgs;
}

describe('major version guard', () => {
  const resolveShare = majorVersionGuard().resolveShare!;

  it.each([
    ['^19.3.1', 19],
    ['~5.1.0', 5],
    ['>=2.0.0', 2],
    ['19.x', 19],
    ['*', undefined],
  ])('reads the major of %s', (range, major) => {
    expect(majorOf(range)).toBe(major);
  });

  it('lets a newer minor through to the runtime, which warns and uses the page copy', () => {
    const args = argsFor('^19.9.0', '19.3.1');
    expect(resolveShare(args)).toBe(args);
  });

  it('refuses another major with an error naming the remote, the package and both versions', () => {
    const result = resolveShare(argsFor('^20.0.0', '19.3.1')) as ResolveArgs;
    expect(() => result.resolver()).toThrow(SharedMajorMismatchError);
    expect(() => result.resolver()).toThrow(
      '"careers" was built for react ^20.0.0, but this page runs react 19.3.1',
    );
  });

  it('leaves non-singletons and version-less shares alone', () => {
    const nonSingleton = argsFor('^20.0.0', '19.3.1', false);
    expect(resolveShare(nonSingleton)).toBe(nonSingleton);
    const anyVersion = argsFor(false, '19.3.1');
    expect(resolveShare(anyVersion)).toBe(anyVersion);
  });
});
