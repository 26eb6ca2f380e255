export { theme, up, down, type AppTheme } from './theme/theme';
export { AppThemeProvider } from './theme/AppThemeProvider';
export { Container } from './layout/Container';
export { Section, type SectionProps } from './layout/Section';
export { Grid, Stack, Row } from './layout/Grid';
export {
  DisplayTitle,
  PageTitle,
  SectionTitle,
  CardTitle,
  Lead,
  Muted,
  Eyebrow,
  VisuallyHidden,
} from './primitives/Typography';
export {
  Button,
  LinkButton,
  ExternalLinkButton,
  type ButtonVariant,
  type ButtonSize,
} from './primitives/Button';
export { Card, cardPanel } from './primitives/Card';
export { IconTile, squareTile } from './primitives/IconTile';
export { Badge, Chip, type BadgeTone } from './primitives/Badge';
export {
  TextField,
  FieldRoot,
  FieldLabel,
  FieldHint,
  FieldError,
  SelectField,
  TextAreaField,
  HoneypotField,
  Input,
  SelectControl,
  TextAreaControl,
  controlStyles,
  type SelectOption,
  type TextFieldProps,
  type SelectFieldProps,
  type TextAreaFieldProps,
} from './primitives/Field';
export { Spinner } from './primitives/Spinner';
export { StatusBanner, type StatusTone } from './primitives/StatusBanner';
export { Toast } from './primitives/Toast';
export { DelayedFallback } from './primitives/DelayedFallback';
export { Logo } from './primitives/Logo';
export * from './icons/icons';
