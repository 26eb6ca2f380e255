// The type of jest-results-processor.cjs, for the tests that call it.
declare function recordTimings<T>(results: T): T;
export = recordTimings;
