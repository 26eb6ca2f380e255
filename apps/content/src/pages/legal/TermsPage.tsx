import { TERMS_INTRO, TERMS_SECTIONS } from '../../data/legal/terms';
import { LegalDocument } from './LegalDocument';

export function TermsPage() {
  return <LegalDocument title="Terms of Service" intro={TERMS_INTRO} sections={TERMS_SECTIONS} />;
}
