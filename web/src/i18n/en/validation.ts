/** The contract's validation messages (contract/src/messages.ts), by the same keys. */
export const validation = {
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
  tooLong: 'At most {{max}} characters',
  range: 'Must be between {{min}} and {{max}}',
  oneOf: 'Must be one of {{values}}',
}
