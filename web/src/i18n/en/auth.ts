export const auth = {
  title: 'Sign in',
  subtitle: 'Use your staff account to manage the store.',
  language: 'Language',
  fields: {
    email: 'Email',
    password: 'Password',
  },
  showPassword: 'Show password',
  login: 'Login',
  failed: 'Sign-in failed',
  wrongCredentials: 'Incorrect email or password',
  forgot: {
    link: 'Forget Password?',
    text: 'Passwords are reset by an administrator. Ask an administrator of the store to set a new one for you, then change it in Setting after signing in.',
    close: 'Got it',
  },
  noAccount: 'No account yet?',
  toRegister: 'Create Account',
  register: {
    title: 'Create Account',
    subtitle: 'Accounts of the back-office are staff accounts.',
    notice: 'Accounts are created by an administrator',
    noticeText:
      'This page cannot create an account. Ask an administrator of the store to create one for you; you will then sign in with the e-mail and password they give you.',
    submit: 'Create Account',
    haveAccount: 'Already have an account?',
    toLogin: 'Back to Login',
  },
}
