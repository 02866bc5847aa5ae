import { Box, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core'
import { type PaymentKind, paymentKind } from '@store/contract'
import { IconBrandPaypal, IconCash, IconCheck, IconWallet } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

type PaidKind = Exclude<PaymentKind, 'unpaid'>
const METHODS: { kind: PaidKind; icon: typeof IconCash }[] = [
  { kind: 'cash', icon: IconCash },
  { kind: 'wallet', icon: IconWallet },
  { kind: 'paypal', icon: IconBrandPaypal },
]

/**
 * The payment method icons of the order detail (spec section 2): the order's one is highlighted, and also
 * marked by a check, `aria-current` and a 'Paid with …' line, so it does not rest on colour alone. An unpaid
 * order ('0' or empty) highlights none and says so.
 *
 * @example <PaymentMethods code={order.methodPayment} />
 */
export function PaymentMethods({ code }: { code: string | null | undefined }) {
  const { t } = useTranslation()
  const kind = paymentKind(code)
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
                    style={{ border: '2px solid var(--mantine-color-white)' }}
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
      {kind === 'unpaid' ? (
        <Text size="sm" fw={500} c="red.8">
          {t('orders.detail.unpaid')}
        </Text>
      ) : (
        <Text size="sm">{t('orders.detail.paidWith', { method: t(`enums.payment.${kind}`) })}</Text>
      )}
    </Stack>
  )
}
