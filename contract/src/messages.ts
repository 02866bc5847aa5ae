/**
 * Validation messages. The first four are the spec's own wording (section 5); the web app shows the same
 * text the server answers with, so a message changes here or nowhere.
 */
export const messages = {
  required: 'This field is required',
  phoneLength: 'Length from 9 - 15 characters',
  number: 'This field must be a number',
  email: 'Please enter correct email format',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Please enter up to 16 characters',
  passwordDigit: 'Password must contain at least one number',
  confirmRequired: 'Confirm password is required',
  confirmMatch: 'Confirm password must match password',
  wholeNumber: 'Must be a whole number of 0 or more',
  tooLong: (max: number) => `At most ${max} characters`,
  oneOf: (values: readonly (string | number)[]) => `Must be one of ${values.join(', ')}`,
  range: (min: number, max: number) => `Must be between ${min} and ${max}`,
} as const
