export const account = {
  title: 'Setting',
  close: 'Close',
  tabs: {
    information: 'Information',
    password: 'Change Password',
  },
  fields: {
    name: 'Name',
    email: 'Email',
    currentPassword: 'Current password',
    password: 'New password',
    confirmPassword: 'Confirm password',
  },
  emailReadOnly: 'The e-mail of an account cannot be changed here.',
  passwordHint: '8 to 16 characters, at least one number.',
  otherSessions: 'Other devices signed in to this account will be signed out.',
  showPassword: 'Show password',
  save: 'Save',
  changePassword: 'Change Password',
  updated: 'Account updated successfully',
  passwordChanged: 'Change password successfully',
}
