import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Kbd,
  type MantineColorScheme,
  Menu,
  NativeSelect,
  Text,
  UnstyledButton,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core'
import {
  IconKeyboard,
  IconLogout,
  IconMenu2,
  IconSearch,
  IconSettings,
  IconShoppingBag,
} from '@tabler/icons-react'
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { LANGUAGES, type Language } from '../i18n/index.ts'
import { switchLanguage } from '../lib/i18n.ts'
import { KEYSHORTCUTS } from '../lib/keyshortcuts.ts'
import { useLiveUpdates } from '../lib/live-updates.ts'
import { fileUrl, paths } from '../lib/paths.ts'
import { PermissionsProvider } from '../lib/permissions.tsx'
import { useSession } from '../lib/session.tsx'
import { notify } from '../lib/toast.ts'
import { useMedia } from '../lib/use-media.ts'
import { focusContent, focusHeadingOnArrival } from './focus-heading.ts'
import classes from './layout.module.css'
import { NAV } from './nav.ts'
import { dialogOf, pressDeclared, type ShortcutAction, shortcutReader } from './shortcuts.ts'

const SettingDialog = lazy(() =>
  import('../features/account/setting-dialog.tsx').then((m) => ({ default: m.SettingDialog })),
)
// The palette (Mantine Spotlight) and the shortcuts' list are chunks of their own, fetched when first opened.
const loadPalette = () => import('./command-palette.tsx')
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })))
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog.tsx').then((m) => ({ default: m.ShortcutsDialog })),
)

const COLOR_SCHEMES: MantineColorScheme[] = ['light', 'dark', 'auto']

const PHONE = '(max-width: 576px)'

/**
 * The signed-in frame: a skip link, the sidebar, the header with the menu toggle, the search (the command
 * palette), the language switch and the account menu (colour scheme, shortcuts, Setting, Logout), and the
 * keyboard shortcuts (shortcuts.ts). After a move to another screen the focus goes to its heading.
 */
export function Layout() {
  const { t, i18n } = useTranslation()
  const { user, signOut, hasToken } = useSession()
  const permissions = user?.permissions ?? []
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const phone = useMedia(PHONE)
  // Wide screens: the sidebar starts open (260 px) and collapses to 64 px. Phones: hidden until opened.
  const [open, setOpen] = useState(true)
  const [phoneOpen, setPhoneOpen] = useState(false)
  const [settingOpen, setSettingOpen] = useState(false)
  const [accountOpen, setAccountOpen] = useState(false)
  const { colorScheme, setColorScheme } = useMantineColorScheme()
  const colorSchemeLabel = useId()
  // Mounted from their first opening on, so that opening again is instant.
  const [paletteOpen, setPaletteOpen] = useState(false)
  const [paletteUsed, setPaletteUsed] = useState(false)
  const [helpOpen, setHelpOpen] = useState(false)
  const [helpUsed, setHelpUsed] = useState(false)
  const accountRef = useRef<HTMLButtonElement>(null)
  const mainRef = useRef<HTMLElement>(null)
  /**
   * Where the focus goes back to when a dialog of the frame closes: what had it before, or the account menu's
   * button for a dialog opened from that menu, whose item is gone by then.
   */
  const returnFocus = useRef<HTMLElement | null>(null)
  const giveFocusBack = () => {
    const target = returnFocus.current
    returnFocus.current = null
    if (target?.isConnected) target.focus()
  }
  const openPalette = () => {
    setPaletteUsed(true)
    setPaletteOpen(true)
  }
  const openHelp = (from: HTMLElement | null) => {
    returnFocus.current = from
    setHelpUsed(true)
    setHelpOpen(true)
  }

  // After a move to another screen, its heading takes the focus (not on the first screen: the page starts at the
  // skip link). Waiting for a heading stops at the next move.
  const firstScreen = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of screen
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false
      return
    }
    return mainRef.current ? focusHeadingOnArrival(mainRef.current) : undefined
  }, [pathname])

  // The keyboard shortcuts; the handlers are read when a key is pressed, so they see the current permissions.
  const shortcuts = useRef<Record<ShortcutAction, () => void>>(null!)
  shortcuts.current = {
    palette: openPalette,
    help: () => openHelp(document.activeElement instanceof HTMLElement ? document.activeElement : null),
    goOrders: () => permissions.includes('orders:read') && navigate(paths.orders),
    goProducts: () => permissions.includes('catalog:read') && navigate(paths.products),
    new: () => pressDeclared(KEYSHORTCUTS.new),
    save: () => pressDeclared(KEYSHORTCUTS.save),
  }
  useEffect(() => {
    const read = shortcutReader()
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      const action = read(event)
      if (!action) return
      if (action === 'save') {
        // Ctrl+Enter saves the form, also inside a dialog; elsewhere it does what it did before.
        if (pressDeclared(KEYSHORTCUTS.save)) event.preventDefault()
        return
      }
      // A dialog or an open menu has the keyboard to itself.
      const target = event.target instanceof Element ? event.target : null
      if (dialogOf(target) || target?.closest('[role="menu"]')) return
      event.preventDefault()
      shortcuts.current[action]()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  // The tab's live updates: orders made since the order list was last opened count on its menu item.
  const { newOrders, clearNewOrders } = useLiveUpdates({ enabled: hasToken })
  useEffect(() => {
    if (pathname === paths.orders) clearNewOrders()
  }, [pathname, clearNewOrders])

  // Following a link on a phone closes the overlay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of address
  useEffect(() => setPhoneOpen(false), [pathname])
  const sidebarRef = useRef<HTMLElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  /** Closes the phone overlay by Escape or the backdrop, handing the focus back to the toggle that opened it. */
  const closePhoneMenu = useCallback(() => {
    setPhoneOpen(false)
    toggleRef.current?.focus()
  }, [])
  useEffect(() => {
    if (!phoneOpen) return
    // The overlay covers the page: the keyboard starts inside it, at its first link.
    sidebarRef.current?.querySelector<HTMLElement>('a[href]')?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closePhoneMenu()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [phoneOpen, closePhoneMenu])

  const expanded = phone ? phoneOpen : open
  const toggle = () => (phone ? setPhoneOpen((v) => !v) : setOpen((v) => !v))

  const logout = async () => {
    try {
      await signOut()
      notify.success(t('layout.loggedOut'))
    } catch (error) {
      // The server did not take the refresh token back; this browser has forgotten the session all the same.
      notify.error(error)
    }
    navigate(paths.login, { replace: true })
  }

  return (
    <div
      className={classes.shell}
      data-collapsed={open ? undefined : ''}
      data-mobile-open={phoneOpen ? '' : undefined}
    >
      {/* The first thing the Tab key reaches: straight to the screen's heading, past the menu and the header. */}
      {/* biome-ignore lint/a11y/useValidAnchor: a link to the content, as skip links are; it moves the focus itself, to the heading, and leaves no fragment in the address */}
      <a
        href="#main-content"
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault()
          if (mainRef.current) focusContent(mainRef.current)
        }}
      >
        {t('shell.skipToContent')}
      </a>
      <nav id="sidebar" ref={sidebarRef} className={classes.sidebar} aria-label={t('layout.nav.label')}>
        <div className={classes.sidebarInner}>
          <Link to={paths.home} className={classes.brand}>
            <IconShoppingBag size={26} aria-hidden />
            <span className={classes.label}>{t('common.appName')}</span>
          </Link>
          <ul className={classes.nav}>
            {NAV.filter((item) => permissions.includes(item.permission)).map((item) => {
              const active = pathname === item.to || (item.also?.test(pathname) ?? false)
              const label = t(`layout.nav.${item.key}`)
              // Orders made since the order list was last opened, on its item, read out as '… 2 new orders'.
              const count = item.key === 'orders' ? newOrders : 0
              return (
                <li key={item.key}>
                  <Link
                    to={item.to}
                    className={classes.link}
                    aria-current={active ? 'page' : undefined}
                    title={open || phone ? undefined : label}
                  >
                    <item.icon size={22} stroke={1.7} aria-hidden />
                    <span className={classes.label}>{label}</span>
                    {count > 0 && (
                      <>
                        <span className={classes.count}>{count}</span>
                        <VisuallyHidden>{t('layout.live.newOrdersAfterCount', { count })}</VisuallyHidden>
                      </>
                    )}
                  </Link>
                </li>
              )
            })}
          </ul>
        </div>
      </nav>
      <button
        type="button"
        className={classes.backdrop}
        aria-label={t('layout.closeMenu')}
        tabIndex={-1}
        onClick={closePhoneMenu}
      />
      <div className={classes.main}>
        <header className={classes.header}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            ref={toggleRef}
            onClick={toggle}
            aria-label={t('layout.toggleMenu')}
            aria-expanded={expanded}
            aria-controls="sidebar"
          >
            <IconMenu2 size={22} />
          </ActionIcon>
          {phone ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={openPalette}
              aria-label={t('shell.palette.open')}
              aria-keyshortcuts="/ Control+K Meta+K"
            >
              <IconSearch size={20} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              variant="default"
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={<Kbd aria-hidden>/</Kbd>}
              onClick={openPalette}
              // Its code is fetched as soon as the pointer or the focus comes near, so it opens at once.
              onPointerEnter={() => void loadPalette()}
              onFocus={() => void loadPalette()}
              aria-keyshortcuts="/ Control+K Meta+K"
              fw={400}
            >
              {t('shell.palette.open')}
            </Button>
          )}
          <Group ml="auto" gap="sm" wrap="nowrap">
            <NativeSelect
              aria-label={t('layout.language')}
              size="xs"
              value={i18n.language}
              onChange={(event) => void switchLanguage(event.currentTarget.value as Language)}
              data={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
            />
            <Menu position="bottom-end" withArrow shadow="md" opened={accountOpen} onChange={setAccountOpen}>
              <Menu.Target>
                <UnstyledButton
                  ref={accountRef}
                  // The name shown beside the avatar is part of the button's name (WCAG 2.5.3, label in name).
                  aria-label={user ? `${user.name}, ${t('layout.account')}` : t('layout.account')}
                  // A menu button opens with the arrow key too (WAI-ARIA menu button pattern), not only Enter.
                  onKeyDown={(event) => {
                    if (event.key === 'ArrowDown' && !accountOpen) {
                      event.preventDefault()
                      setAccountOpen(true)
                    }
                  }}
                >
                  <Group gap={8} wrap="nowrap">
                    {/* No initial letter inside: text the button shows must be part of its name (axe), and
                        'A Administrator' is not; without a picture Mantine draws its person icon. */}
                    <Avatar
                      src={fileUrl(user?.avatar)}
                      alt=""
                      radius="xl"
                      size={34}
                      color="blue"
                      aria-hidden
                    />
                    <Text size="sm" fw={500} visibleFrom="xs" truncate maw={160}>
                      {user?.name}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user?.email}</Menu.Label>
                <Menu.Item
                  leftSection={<IconSettings size={16} />}
                  onClick={() => {
                    returnFocus.current = accountRef.current
                    setSettingOpen(true)
                  }}
                >
                  {t('layout.setting')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconKeyboard size={16} />}
                  rightSection={<Kbd aria-hidden>?</Kbd>}
                  onClick={() => openHelp(accountRef.current)}
                >
                  {t('shell.shortcuts.title')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Label id={colorSchemeLabel}>{t('shell.colorScheme.label')}</Menu.Label>
                <fieldset className={classes.menuGroup} aria-labelledby={colorSchemeLabel}>
                  <Menu.RadioGroup
                    value={colorScheme}
                    onChange={(value) => setColorScheme(value as MantineColorScheme)}
                  >
                    {COLOR_SCHEMES.map((scheme) => (
                      <Menu.RadioItem key={scheme} value={scheme}>
                        {t(`shell.colorScheme.${scheme}`)}
                      </Menu.RadioItem>
                    ))}
                  </Menu.RadioGroup>
                </fieldset>
                <Menu.Divider />
                <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
                  {t('layout.logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </header>
        <main id="main-content" ref={mainRef} className={classes.content}>
          <PermissionsProvider permissions={permissions}>
            <Outlet />
          </PermissionsProvider>
        </main>
      </div>
      {settingOpen && (
        <Suspense fallback={null}>
          <SettingDialog
            opened={settingOpen}
            onClose={() => {
              setSettingOpen(false)
              // The dialog leaves the page as it closes, too soon to hand the focus back itself.
              giveFocusBack()
            }}
          />
        </Suspense>
      )}
      {paletteUsed && (
        <Suspense fallback={null}>
          <CommandPalette
            opened={paletteOpen}
            onClose={() => setPaletteOpen(false)}
            permissions={permissions}
          />
        </Suspense>
      )}
      {helpUsed && (
        <Suspense fallback={null}>
          <ShortcutsDialog
            opened={helpOpen}
            onClose={() => {
              setHelpOpen(false)
              giveFocusBack()
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
