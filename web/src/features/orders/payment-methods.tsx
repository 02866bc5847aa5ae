import { Box, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core'
import { type PaymentKind, type PaymentStatus, paymentKind } from '@store/contract'
import { IconBrandPaypal, IconCash, IconCheck, IconWallet } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../lib/format.ts'

type PaidKind = Exclude<PaymentKind, 'unpaid'>
const METHODS: { kind: PaidKind; icon: typeof IconCash }[] = [
  { kind: 'cash', icon: IconCash },
  { kind: 'wallet', icon: IconWallet },
  { kind: 'paypal', icon: IconBrandPaypal },
]

/**
 * The sentence under the icons, from the method and where the money stands: 'Paid with VNPay wallet', 'Cash on
 * delivery: 530,000 VND to collect on delivery'. A cash-on-delivery order is never said to be paid before it is.
 * `alert` marks what needs someone's attention (nothing paid and no method, a failed payment).
 */
export function paymentLine(
  t: TFunction,
  money: (amount: number) => string,
  kind: PaymentKind,
  status: PaymentStatus,
  amount: number,
): { text: string; alert: boolean } {
  if (kind === 'unpaid') {
    if (status === 'unpaid' || status === 'pending') return { text: t('orders.detail.unpaid'), alert: true }
    return { text: t(`orders.detail.noMethod.${status}`), alert: status === 'failed' }
  }
  if (kind === 'cash' && (status === 'unpaid' || status === 'pending')) {
    return { text: t('orders.detail.paymentLine.cashDue', { amount: money(amount) }), alert: false }
  }
  const method = t(`enums.payment.${kind}`)
  return { text: t(`orders.detail.paymentLine.${status}`, { method }), alert: status === 'failed' }
}

/**
 * The payment method icons of the order detail (spec section 2): the order's one is highlighted, and also
 * marked by a check and `aria-current`, so it does not rest on colour alone. An unpaid order ('0' or empty)
 * highlights none. The line below says the method and the payment status together (`paymentLine`); `amount`
 * is what a cash-on-delivery order still has to collect.
 *
 * @example <PaymentMethods code={order.methodPayment} status={order.paymentStatus} amount={order.amount} />
 */
export function PaymentMethods({
  code,
  status,
  amount,
}: {
  code: string | null | undefined
  status: PaymentStatus
  amount: number
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const kind = paymentKind(code)
  const line = paymentLine(t, format.money, kind, status, amount)
  return (
    <Stack gap="sm">
      <SimpleGrid
        component="ul"
        cols={3}
        spacing="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('orders.detail.payment')}
      >
        {METHODS.map(({ kind: method, icon: Icon }) => {
          const chosen = method === kind
          return (
            <Stack
              key={method}
              component="li"
              gap={4}
              align="center"
              aria-current={chosen ? 'true' : undefined}
            >
              <Box pos="relative">
                <ThemeIcon
                  size={48}
                  radius="md"
                  variant={chosen ? 'filled' : 'light'}
                  color={chosen ? 'teal.8' : 'gray'}
                >
                  <Icon size={28} aria-hidden />
                </ThemeIcon>
                {chosen && (
                  // A check mark as well as the colour: the choice reads without telling colours apart.
                  <ThemeIcon
                    size={20}
                    radius="xl"
                    color="dark"
                    pos="absolute"
                    top={-6}
                    right={-6}
                    style={{ border: '2px solid var(--mantine-color-body)' }}
                  >
                    <IconCheck size={12} aria-hidden />
                  </ThemeIcon>
                )}
              </Box>
              <Text size="xs" ta="center" fw={chosen ? 700 : 400} c={chosen ? undefined : 'dimmed'}>
                {t(`enums.payment.${method}`)}
              </Text>
            </Stack>
          )
        })}
      </SimpleGrid>
      <Text
        size="sm"
        fw={line.alert ? 500 : undefined}
        c={line.alert ? 'var(--mantine-color-error)' : undefined}
      >
        {line.text}
      </Text>
    </Stack>
  )
}
