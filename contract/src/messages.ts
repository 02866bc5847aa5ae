import { ORDER_STATUS_NAMES, type OrderStatus } from './enums.ts'

/**
 * Every message the API and the forms can show, by a stable code, in English. A refusal carries the code (and
 * its parameters) beside the English text, so a client translates by code and never by matching words; the web
 * app's English set is this very table and its Vietnamese set is typed against it.
 *
 * Texts use `{{name}}` placeholders. A text that depends on a count has two entries, `code_one` and
 * `code_other` (the plural forms i18next reads), and its parameters carry `count`.
 *
 * The texts follow docs/glossary.md: sentence case, the product's terms, and a refusal says what is wrong and,
 * where it helps, what to do.
 */
export const messageTexts = {
  // Form rules (the contract's schemas).
  required: 'This field is required',
  phoneLength: 'Must be 9 to 15 characters long',
  number: 'This field must be a number',
  email: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 16 characters',
  staffPasswordMax: 'Password must be at most 128 characters',
  passwordDigit: 'Password must contain at least one number',
  confirmRequired: 'Enter the password again',
  confirmMatch: 'The two passwords do not match',
  wholeNumber: 'Must be a whole number of 0 or more',
  tooLong: 'At most {{max}} characters',
  oneOf: 'Must be one of {{values}}',
  range: 'Must be between {{min}} and {{max}}',
  invalid: 'This value is not valid',
  storedPath: 'Must be a path returned by the file upload',
  imageMissing: 'No uploaded image is stored at {{path}}; upload it again',
  paymentCode: 'Must be a payment code: one digit from 0 to 9',
  selectCategory: 'Select an existing category',
  selectBrand: 'Select an existing brand',
  sizeList: 'Must be a list of sizes: {{sizes}}',
  sizeTwice: 'Each size may be chosen once',
  tooManyImages: 'At most {{max}} images',
  dateFormat: 'Must be a date as YYYY-MM-DD',
  realDate: 'Must be a real date as YYYY-MM-DD',
  dobInFuture: 'The date of birth cannot be in the future',
  customersOnly: 'This form adds customers only: the role must be user',
  passwordNotHere: 'The password cannot be changed here; use Change password',
  roleFixed: 'The role cannot be changed',
  nameNeedsLetter: 'The name needs at least one letter or digit',
  nulCharacter: 'Must not contain the NUL character',

  // Lists: filters, bulk calls, import (CONTRACT 4.1).
  rangeReversed: 'Must not be less than {{field}}',
  rangeTooLong: 'The period from {{field}} may cover at most {{days}} days',
  afterToday: 'Must not be after today ({{today}}) when to is not given',
  idList: 'Must be a list of 1 or more ids',
  tooManyIds: 'At most {{max}} ids at once',
  idTwice: 'Each id may appear once',
  statusMove: 'An order cannot go from {{from}} to {{to}}',
  statusSame: 'The order is already {{status}}',
  notCsv: 'Send a CSV file: UTF-8 text, comma-separated, with a header row',
  csvEncoding: 'The file is not UTF-8 text; save it as CSV UTF-8',
  csvHeader: 'The header row must name these columns: {{columns}}',
  csvUnknownColumn: 'Unknown column {{column}}; the columns are: {{columns}}',
  csvEmpty: 'The file has no rows under its header',
  csvTooManyRows: 'At most {{max}} rows per file',
  csvFormula: 'A cell may not hold a formula (starting with =, +, -, @)',
  csvQuote: 'A quoted cell is not closed',
  csvCellTooLong:
    'A cell is longer than {{max}} characters (a quote left open makes one cell of the lines after it)',
  csvColumns: 'The line has {{count}} cells; the header has {{expected}}',
  csvIdTwice: 'This id is already on line {{line}}',
  csvColumnTwice: 'The header names the column {{column}} twice',
  oneFile: 'Send one file',
  csvUnknownName: 'No {{what}} is named {{name}}',
  importFailed_one: 'The file has {{count}} error; nothing was imported',
  importFailed_other: 'The file has {{count}} errors; nothing was imported',
  // Images an import names by address (CONTRACT 5.4).
  imageUrlScheme: 'Image addresses must start with https://: {{url}}',
  imageUrlRefused:
    '{{url}} leads to a private, local or reserved network address; only public addresses are fetched',
  imageUrlUnreachable: 'The image at {{url}} could not be fetched: the host was not found or did not connect',
  imageUrlTimeout: 'The image at {{url}} did not arrive within {{seconds}} s',
  imageUrlTooLarge: 'The image at {{url}} is larger than {{mb}} MB',
  imageUrlStatus: '{{url}} answered HTTP {{status}} instead of an image',
  imageUrlRedirects: '{{url}} redirects more than {{max}} times',
  imageUrlNotImage: '{{url}} is not an image we accept; it must be JPEG, PNG, WebP, GIF or AVIF',

  // Sign-in and session.
  signInRequired: 'Please sign in: the Authorization header has no bearer token',
  sessionExpired: 'Your session has expired or the token is invalid; please sign in again',
  accountGone: 'This account no longer exists',
  adminsOnly: 'Only administrators may do this',
  notAllowed: 'Your role does not allow this',
  wrongCredentials: 'Incorrect email or password',
  tooManySignIns: 'Too many sign-in attempts; try again in {{minutes}} minutes',
  signInWait_one: 'Too many failed sign-ins; wait {{count}} second before trying again',
  signInWait_other: 'Too many failed sign-ins; wait {{count}} seconds before trying again',
  refreshInvalid: 'The refresh token is invalid, expired or already used; please sign in again',
  currentPasswordWrong: 'The current password is not correct',
  passwordWrong: 'The password is not correct',
  accountDisabled: 'This account is disabled',
  sessionEnded: 'This session was ended; please sign in again',
  sessionNotFound: 'Session not found',
  resetLinkSent:
    'If this email address belongs to a staff account, a link to choose a new password is on its way',
  resetLinkInvalid: 'This link is no longer valid; ask for a new one',
  tooManyResetRequests: 'Too many password reset requests; try again in {{minutes}} minutes',
  tooManyLinkChecks: 'Too many links that no longer work were opened; try again in {{minutes}} minutes',
  mfaTokenInvalid: 'The sign-in has expired; please enter your email and password again',
  codeWrong: 'The code is not correct',
  codeUsed: 'This code has already been used; wait for the next one',
  tooManyCodes: 'Too many wrong codes; try again in {{minutes}} minutes',
  twoFactorOn: 'Two-step sign-in is already on; turn it off first',
  twoFactorOff: 'Two-step sign-in is not on',
  twoFactorNotStarted: 'Start the set-up first: no secret is waiting for a code',

  // Staff accounts.
  staffNotFound: 'Staff member not found',
  lastAdmin: 'The last active administrator cannot be demoted or disabled',
  ownRole: 'You cannot change your own role',
  disableSelf: 'You cannot disable your own account',

  // Records.
  userNotFound: 'Customer not found',
  categoryNotFound: 'Category not found',
  brandNotFound: 'Brand not found',
  productNotFound: 'Product not found',
  reviewNotFound: 'Review not found',
  orderNotFound: 'Order not found',
  orderLineNotFound: 'Order line not found',
  fileNotFound: 'File not found',
  provinceNotFound: 'No province or city has this code',
  customerNotFound: 'Customer not found',
  emailTaken: 'This email is already in use',
  categorySlugTaken: "A category with the slug '{{slug}}' already exists",
  brandSlugTaken: "A brand with the slug '{{slug}}' already exists",
  productSlugTaken: "A product with the slug '{{slug}}' already exists",
  categoryInUse_one: 'This category is used by {{count}} product; move or delete it first',
  categoryInUse_other: 'This category is used by {{count}} products; move or delete them first',
  brandInUse_one: 'This brand is used by {{count}} product; move or delete it first',
  brandInUse_other: 'This brand is used by {{count}} products; move or delete them first',
  categoryKept_one: 'This category is still used by {{count}} deleted product kept for order history',
  categoryKept_other: 'This category is still used by {{count}} deleted products kept for order history',
  brandKept_one: 'This brand is still used by {{count}} deleted product kept for order history',
  brandKept_other: 'This brand is still used by {{count}} deleted products kept for order history',
  categoryUsed: 'This category is used by products; move or delete them first',
  brandUsed: 'This brand is used by products; move or delete them first',
  referenceGone: 'The chosen category or brand was just deleted; choose again',
  deleteOwnAccount: 'You cannot delete your own account',
  userHasOrders_one:
    'This customer has {{count}} order; a customer with orders is kept so that the order history stays complete',
  userHasOrders_other:
    'This customer has {{count}} orders; a customer with orders is kept so that the order history stays complete',
  userHasSomeOrders: 'This customer has orders; a customer with orders is kept',
  orderNeedsLine: 'An order needs at least one line; cancel or delete the order instead',

  // Orders, reviews, settings, documents (CONTRACT 4.5 to 4.7).
  editedMeanwhile: 'This record was changed by someone else',
  reviewStatusSame: 'The review already has this status',
  versionHeader: 'If-Match must be a version in quotes, such as "3"',
  orderLocked: 'The {{field}} of a {{status}} order cannot change',
  linesLocked: 'The lines of a {{status}} order cannot change',
  orderKept: 'Cancel the order instead: delivered, paid or shipped orders are kept',
  // Orders taken by staff, and their stock (CONTRACT 5.1, 5.3, 5.6).
  atLeastOneLine: 'An order needs at least one line',
  tooManyLines: 'At most {{max}} lines',
  stockLeft: 'Not enough stock: {{left}} left',
  linesShort: 'Not enough stock for line {{lines}}',
  stockDeltaZero: 'Enter a change other than 0',
  tooManyVariants: 'At most {{max}} variants',
  skuTwice: 'This SKU is used twice',
  skuTaken: 'The SKU {{sku}} is already used by {{product}}',
  variantOrdered: 'The variant {{sku}} has been ordered: set its stock to 0 instead',
  chooseVariant: 'Choose a size or colour of this product',
  skuNotFound: 'No variant has the SKU {{sku}}',
  skuOrId: 'Give the SKU of a variant or the id of a product',
  stockRowTwice: 'Line {{line}} sets this stock too',
  stockDeltaAdds: 'Received units add to the stock: the change must be above 0',
  stockDeltaTakes: 'Damaged or lost units come off the stock: the change must be below 0',
  selectProduct: 'Select an existing product',
  productDeleted: 'This product has been deleted',
  variantUnknown: 'This product has no such variant',
  phoneTaken: '{{name}} (customer {{id}}) already has this phone number',
  wardNotFound: 'No ward or commune of this province has this code',
  ordersNotFound: 'No order has the id {{ids}}',
  bankBin: 'Must be the 6-digit NAPAS bank id',
  bankAccount: 'Must be 4 to 19 digits',
  taxCode: 'Must be 10 digits, or 10 digits, a dash and 3 digits',
  bankIncomplete: 'Fill in the bank, the account number and the account name together, or none of them',
  documentsBusy: 'The server is busy printing other documents; try again in {{seconds}} s',
  // Shipments, COD and labels (CONTRACT 5.5).
  trackingNumber: 'Must be letters, digits, dots and dashes, as the carrier prints it',
  trackingTaken: 'The tracking number {{trackingNumber}} is already on order {{orderId}}',
  shipmentExists: 'This order already has a shipment',
  shipmentOrderStatus: 'A {{status}} order cannot be shipped: only a Pending or Processing one',
  noShipment: 'This order has no shipment yet',
  shipmentMove: 'A shipment cannot go from {{from}} to {{to}}',
  shipmentSame: 'The shipment is already {{status}}',
  noLabel: 'Order {{ids}} has no shipment to print a label for',
  codColumns: 'The statement needs a tracking number column and an amount column',

  // Uploads.
  notAnImage: 'Not an image we accept; send JPEG, PNG, WebP, GIF or AVIF',
  tooManyPixels: 'The image is {{width}}×{{height}} pixels; at most {{megapixels}} megapixels are accepted',
  imageTooSlow: 'The image took more than {{seconds}} s to process; send a smaller or simpler one',
  imagesBusy: 'The server is busy with other images; try again in {{seconds}} s',
  fileTooLarge: 'Each file may be at most {{mb}} MB',
  tooManyFiles: 'At most {{max}} files per upload',
  tooManyParts: 'The form has too many parts',
  uploadInterrupted: 'The upload was interrupted before it ended',
  multipartUnreadable: 'The multipart body could not be read',
  notMultipart: "Send the images as multipart/form-data, one '{{field}}' part each",

  // The request as a whole.
  noRoute: 'No route for {{method}} {{path}}',
  unreadableBody: 'The request body cannot be read',
  bodyTooLarge: 'The request body is too large',
  unsupportedContentType: 'Unsupported content type',
  urlTooLong: 'The address is too long',
  urlNotEncoded: 'The address is not validly encoded',
  refused: 'The request was refused',
  serverError: 'Something went wrong on the server; it has been logged. Try again in a moment',
  headersTooLarge: 'The request headers are too large',
  requestTimedOut: 'The request took too long to arrive; try again',
  malformedRequest: 'The request is not valid HTTP',
  databaseUnavailable: 'The database cannot be reached right now; try again in a moment',
  storageUnavailable: 'The file storage cannot be reached right now; try again in a moment',
  serviceUnavailable: 'This cannot be checked right now; try again in a moment',
} as const

type Entry = keyof typeof messageTexts
/** A message's code: an entry of `messageTexts`, plural entries under the name they share. */
export type MessageCode = Entry extends infer K
  ? K extends `${infer Base}_${'one' | 'other'}`
    ? Base
    : K
  : never
export type MessageParams = Record<string, string | number>

/** A message by code: what a refusal carries (`code`, `params`) and what a form field holds until shown. */
export interface Message {
  code: MessageCode
  params?: MessageParams
}

const codes = new Set<string>(Object.keys(messageTexts).map((key) => key.replace(/_(one|other)$/, '')))
export const MESSAGE_CODES = [...codes] as MessageCode[]
export const isMessageCode = (value: string): value is MessageCode => codes.has(value)

/**
 * The kinds of code a message parameter may hold in place of a name: an order status, a field of an order or of a
 * product. Such a parameter never carries a name in one language: the API's English text names it here
 * (`messageText`), and the web app in the language on screen.
 */
export type NameSet = 'orderStatus' | 'orderField' | 'productField' | 'shipmentStatus'

/** The parameters of each message that hold codes of a `NameSet`. */
export const NAMED_PARAMS: Partial<Record<MessageCode, Record<string, NameSet>>> = {
  statusMove: { from: 'orderStatus', to: 'orderStatus' },
  statusSame: { status: 'orderStatus' },
  orderLocked: { field: 'orderField', status: 'orderStatus' },
  linesLocked: { status: 'orderStatus' },
  shipmentOrderStatus: { status: 'orderStatus' },
  shipmentMove: { from: 'shipmentStatus', to: 'shipmentStatus' },
  shipmentSame: { status: 'shipmentStatus' },
  csvUnknownName: { what: 'productField' },
}

/** A code of a `NameSet` as English names it: a status by its name, a field by its own name. */
const englishName = (set: NameSet, value: string | number): string =>
  set === 'orderStatus' ? (ORDER_STATUS_NAMES[Number(value) as OrderStatus] ?? String(value)) : String(value)

const englishPlural = new Intl.PluralRules('en')

/**
 * The English text of a message.
 *
 * @example messageText({ code: 'tooLong', params: { max: 120 } }) // 'At most 120 characters'
 */
export function messageText({ code, params = {} }: Message): string {
  const texts = messageTexts as Record<string, string>
  const count = params.count
  const template =
    texts[code] ??
    (typeof count === 'number' ? texts[`${code}_${englishPlural.select(count)}`] : undefined) ??
    texts[`${code}_other`] ??
    code
  const named = NAMED_PARAMS[code]
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    if (!(name in params)) return whole
    const set = named?.[name]
    return set ? englishName(set, params[name]!) : String(params[name])
  })
}

/**
 * A message as a schema's error text: the code, then its parameters as JSON (`tooLong{"max":120}`). Zod keeps
 * an issue's message as a string, so this is how a rule hands its code to the server's error answer and to the
 * web app's form, which both read it back with `readMessage`; nobody shows it as it is.
 */
export const messageRef = (code: MessageCode, params?: MessageParams): string =>
  params ? `${code}${JSON.stringify(params)}` : code

const REF = /^([A-Za-z]\w*)(\{.*\})?$/s

/** The message a `messageRef` wrote, or undefined for any other text (such as a default of zod's). */
export function readMessage(ref: string | undefined): Message | undefined {
  if (!ref) return undefined
  const match = REF.exec(ref)
  if (!match || !isMessageCode(match[1]!)) return undefined
  if (!match[2]) return { code: match[1] }
  try {
    const params = JSON.parse(match[2]) as unknown
    if (params && typeof params === 'object' && !Array.isArray(params))
      return { code: match[1], params: params as MessageParams }
  } catch {
    // Not ours after all.
  }
  return undefined
}

/**
 * The rules' messages as schema error texts (`messageRef`). Every schema of the contract takes its messages
 * from here or from `messageRef`, so each refusal has a code.
 */
export const messages = {
  required: messageRef('required'),
  phoneLength: messageRef('phoneLength'),
  number: messageRef('number'),
  email: messageRef('email'),
  passwordRequired: messageRef('passwordRequired'),
  passwordMin: messageRef('passwordMin'),
  passwordMax: messageRef('passwordMax'),
  staffPasswordMax: messageRef('staffPasswordMax'),
  passwordDigit: messageRef('passwordDigit'),
  confirmRequired: messageRef('confirmRequired'),
  confirmMatch: messageRef('confirmMatch'),
  wholeNumber: messageRef('wholeNumber'),
  tooLong: (max: number) => messageRef('tooLong', { max }),
  oneOf: (values: readonly (string | number)[]) => messageRef('oneOf', { values: values.join(', ') }),
  range: (min: number, max: number) => messageRef('range', { min, max }),
} as const
