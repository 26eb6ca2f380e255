// A place in line and a referral link, in the words and paths the backend's mail uses (docs/growth.md):
// the pages print them with the same code, so a page and its mail never disagree.
export {
  FIRST_PLACES,
  PLACES_PER_REFERRAL,
  REFERRAL_OFFER,
  placeText,
  type LineList,
} from '@agentora/backend-rules/places';
export { referralPath } from '@agentora/backend-rules/site-paths';
