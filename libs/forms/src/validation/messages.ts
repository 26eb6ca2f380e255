// Validation texts shared by the forms, exactly as spec §5 and §8 give them.
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
