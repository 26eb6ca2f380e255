/** What the API counted since it started. */
export interface ResendStats {
  /** Every request, whatever its route or answer. */
  requests: number;
  /** Mails taken (a batch counts each of its mails). */
  accepted: number;
  /** Repeats of a key answered with the first send's id (nothing sent). */
  replayed: number;
  /** Requests answered 429, of any route. */
  rateLimited: number;
  /** Requests answered 500 by the error rate, of any route. */
  failed: number;
  /** Mails refused as invalid (422). */
  refused: number;
}

export const emptyStats = (): ResendStats => ({
  requests: 0,
  accepted: 0,
  replayed: 0,
  rateLimited: 0,
  failed: 0,
  refused: 0,
});
