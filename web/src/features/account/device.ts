/** What a session's user agent tells about its device: browser and operating system, as people name them. */
export interface Device {
  /** 'Chrome', 'Safari', 'Cốc Cốc', …; null when the agent names no browser this knows. */
  browser: string | null
  /** 'Windows', 'macOS', 'Android', 'iOS', …; null when unknown. */
  os: string | null
  /** A phone or a tablet, for the icon. */
  mobile: boolean
}

/*
 * Order matters: most browsers built on Chromium also say 'Chrome' and 'Safari', and Chrome says 'Safari', so the
 * rarer names are tried first. Cốc Cốc and Zalo's in-app browser are common in Vietnam.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPiOS|Opera)\//, 'Opera'],
  [/\bcoc_coc_browser\//, 'Cốc Cốc'],
  [/\bZalo(?:Theme)?\b/, 'Zalo'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFB(?:AN|AV|_IAB)\b/, 'Facebook'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bTrident\/|\bMSIE /, 'Internet Explorer'],
]

// iPads since iPadOS 13 call themselves Macintosh; only a touch screen tells them apart, which a header cannot.
const SYSTEMS: [RegExp, string, boolean][] = [
  [/\bWindows Phone\b/, 'Windows Phone', true],
  [/\bWindows\b/, 'Windows', false],
  [/\b(?:iPhone|iPod)\b/, 'iOS', true],
  [/\biPad\b/, 'iPadOS', true],
  [/\bAndroid\b/, 'Android', true],
  [/\bCrOS\b/, 'ChromeOS', false],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS', false],
  [/\bLinux\b|\bX11\b/, 'Linux', false],
]

/**
 * Reads a user agent into the browser and the system it names. Small on purpose: a session list needs 'Chrome on
 * Windows', not versions or device models.
 *
 * @example describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) … Chrome/126.0 Safari/537.36')
 * // { browser: 'Chrome', os: 'Windows', mobile: false }
 */
export function describeDevice(userAgent: string | null | undefined): Device {
  const agent = userAgent ?? ''
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? null
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))
  return {
    browser,
    os: system?.[1] ?? null,
    mobile: (system?.[2] ?? false) || /\bMobile\b/.test(agent),
  }
}
