import { BRAND } from '@agentora/data';
import { Badge, Card, Eyebrow, Lead, PageTitle, Section, SectionTitle, Stack } from '@agentora/ui';
import { ApplicationForm } from '../application/ApplicationForm';
import { BENEFITS, VALUES } from './careers-content';
import { HighlightGrid } from './HighlightGrid';

/** The Careers page (docs/product/careers.md): values, the general application form, benefits. */
export function CareersPage() {
  return (
    <>
      <Section aria-labelledby="careers-title">
        <Stack>
          <Badge>We're hiring</Badge>
          <PageTitle id="careers-title">Careers at {BRAND}</PageTitle>
          <Lead>
            Help build the marketplace where AI agents are discovered, bought and deployed. We have
            no fixed openings listed yet, so tell us about yourself: we read every application.
          </Lead>
        </Stack>
      </Section>

      <Section tone="raised" aria-labelledby="careers-values">
        <Stack $gap="2rem">
          <div>
            <Eyebrow>What we value</Eyebrow>
            <SectionTitle id="careers-values">Our values</SectionTitle>
          </div>
          <HighlightGrid items={VALUES} />
        </Stack>
      </Section>

      <Section aria-labelledby="careers-apply">
        <Stack $gap="2rem">
          <div>
            <Eyebrow>General application</Eyebrow>
            <SectionTitle id="careers-apply">Apply to join {BRAND}</SectionTitle>
            <Lead>We review every application and get back to you within 5 business days.</Lead>
          </div>
          <Card as="div">
            <ApplicationForm />
          </Card>
        </Stack>
      </Section>

      <Section tone="raised" aria-labelledby="careers-benefits">
        <Stack $gap="2rem">
          <div>
            <Eyebrow>Why work with us</Eyebrow>
            <SectionTitle id="careers-benefits">Benefits</SectionTitle>
          </div>
          <HighlightGrid items={BENEFITS} />
        </Stack>
      </Section>
    </>
  );
}
