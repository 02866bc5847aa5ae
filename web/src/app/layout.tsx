import {
  ActionIcon,
  Avatar,
  Group,
  Menu,
  NativeSelect,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { Permission } from '@store/contract'
import {
  IconBuildingStore,
  IconCash,
  IconCategory,
  IconHistory,
  IconLayoutDashboard,
  IconLogout,
  IconMenu2,
  IconMessageStar,
  IconPackage,
  IconReceipt,
  IconSettings,
  IconShoppingBag,
  IconSquarePlus,
  IconTags,
  IconUserPlus,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { LANGUAGES, type Language } from '../i18n/index.ts'
import { switchLanguage } from '../lib/i18n.ts'
import { useLiveUpdates } from '../lib/live-updates.ts'
import { fileUrl, paths } from '../lib/paths.ts'
import { PermissionsProvider } from '../lib/permissions.tsx'
import { useSession } from '../lib/session.tsx'
import { notify } from '../lib/toast.ts'
import classes from './layout.module.css'

const SettingDialog = lazy(() =>
  import('../features/account/setting-dialog.tsx').then((m) => ({ default: m.SettingDialog })),
)

type NavKey =
  | 'dashboard'
  | 'users'
  | 'userNew'
  | 'reviews'
  | 'products'
  | 'productNew'
  | 'categories'
  | 'brands'
  | 'orders'
  | 'cod'
  | 'staff'
  | 'audit'
  | 'settings'

/**
 * The sidebar of spec section 2, then the administrators' screens; `also` marks the link active on the screens
 * reached from it. Each link shows only to an account with the permission its screen needs (CONTRACT 4.2).
 */
const NAV: { key: NavKey; to: string; icon: typeof IconUsers; permission: Permission; also?: RegExp }[] = [
  { key: 'dashboard', to: paths.home, icon: IconLayoutDashboard, permission: 'dashboard:read' },
  {
    key: 'users',
    to: paths.users,
    icon: IconUsers,
    permission: 'customers:read',
    also: /^\/admin\/user\/edit\//,
  },
  { key: 'userNew', to: paths.userNew, icon: IconUserPlus, permission: 'customers:write' },
  { key: 'reviews', to: paths.reviews, icon: IconMessageStar, permission: 'reviews:read' },
  {
    key: 'products',
    to: paths.products,
    icon: IconPackage,
    permission: 'catalog:read',
    also: /^\/admin\/product\/edit\//,
  },
  { key: 'productNew', to: paths.productNew, icon: IconSquarePlus, permission: 'catalog:write' },
  {
    key: 'categories',
    to: paths.categories,
    icon: IconCategory,
    permission: 'catalog:read',
    also: /^\/admin\/category(\/|$)/,
  },
  {
    key: 'brands',
    to: paths.brands,
    icon: IconTags,
    permission: 'catalog:read',
    also: /^\/admin\/brand(\/|$)/,
  },
  {
    key: 'orders',
    to: paths.orders,
    icon: IconReceipt,
    permission: 'orders:read',
    also: /^\/admin\/order\//,
  },
  { key: 'cod', to: paths.cod, icon: IconCash, permission: 'orders:write' },
  {
    key: 'staff',
    to: paths.staff,
    icon: IconUserShield,
    permission: 'staff:manage',
    also: /^\/admin\/staff\//,
  },
  { key: 'audit', to: paths.auditLog, icon: IconHistory, permission: 'audit:read' },
  { key: 'settings', to: paths.settings, icon: IconBuildingStore, permission: 'settings:manage' },
]

const PHONE = '(max-width: 576px)'

/** The signed-in frame: sidebar, header with the menu toggle, language switch and account menu. */
export function Layout() {
  const { t, i18n } = useTranslation()
  const { user, signOut, hasToken } = useSession()
  const permissions = user?.permissions ?? []
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const phone = useMediaQuery(PHONE, false) ?? false
  // Wide screens: the sidebar starts open (260 px) and collapses to 64 px. Phones: hidden until opened.
  const [open, setOpen] = useState(true)
  const [phoneOpen, setPhoneOpen] = useState(false)
  const [settingOpen, setSettingOpen] = useState(false)
  const [accountOpen, setAccountOpen] = useState(false)

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
                <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => setSettingOpen(true)}>
                  {t('layout.setting')}
                </Menu.Item>
                <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
                  {t('layout.logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </header>
        <main className={classes.content}>
          <PermissionsProvider permissions={permissions}>
            <Outlet />
          </PermissionsProvider>
        </main>
      </div>
      {settingOpen && (
        <Suspense fallback={null}>
          <SettingDialog opened={settingOpen} onClose={() => setSettingOpen(false)} />
        </Suspense>
      )}
    </div>
  )
}
