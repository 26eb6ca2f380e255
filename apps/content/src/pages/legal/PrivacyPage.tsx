import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '../../data/legal/privacy';
import { LegalDocument } from './LegalDocument';

export function PrivacyPage() {
  return <LegalDocument title="Privacy Policy" intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />;
}
