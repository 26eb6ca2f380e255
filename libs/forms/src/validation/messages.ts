// Validation texts shared by the forms, word for word (docs/product/sign-up-forms.md, docs/product/careers.md).
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
