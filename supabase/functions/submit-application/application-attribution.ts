import {
  ATTRIBUTION_FIELDS,
  checkAttribution,
  type AttributionField,
} from '../_shared/rules/attribution.ts';

export type ApplicationAttribution = Record<AttributionField, string | null>;

export interface SplitAttribution {
  /** The form's other fields, for validateApplicationFields. */
  fields: Map<string, string>;
  /** Each source field as stored: its value, or null when the form left it out or empty. */
  attribution: ApplicationAttribution;
  /** The source fields not of their shape (rules/attribution.ts), by name: left out (null) above. */
  problems: Partial<Record<string, string>>;
}

/**
 * The application's source fields (docs/growth.md), taken out of the multipart fields: the careers page
 * sends what the visit recorded, already normalised, so each must be of its shape exactly, as the
 * table's CHECK constraints would have it; one that is not is left out, and an empty one means the visit
 * did not say.
 */
export function splitAttribution(form: ReadonlyMap<string, string>): SplitAttribution {
  const fields = new Map(form);
  const attribution = {} as ApplicationAttribution;
  const problems: Partial<Record<string, string>> = {};
  for (const name of ATTRIBUTION_FIELDS) {
    const value = fields.get(name);
    fields.delete(name);
    attribution[name] = value === undefined || value === '' ? null : value;
    if (attribution[name] !== null && checkAttribution({ [name]: value }) === null) {
      problems[name] = 'not of its shape';
      attribution[name] = null;
    }
  }
  return { fields, attribution, problems };
}
