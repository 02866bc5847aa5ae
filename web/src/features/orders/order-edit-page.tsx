import { Center, Loader } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { PageHeader } from '../../components/page-header.tsx'
import { applyServerErrors } from '../../lib/forms.ts'
import { paths } from '../../lib/paths.ts'
import { notify } from '../../lib/toast.ts'
import { useBackOnFailure } from '../../lib/use-back-on-failure.ts'
import { useOrder } from './api/get-order.ts'
import { useUpdateOrder } from './api/update-order.ts'
import { ORDER_FORM_FIELDS, OrderEditForm } from './order-edit-form.tsx'

/** /admin/order/edit/{id}: loads the order afresh, then saves it and returns to the list (spec sections 2, 4). */
export function OrderEditPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const id = useParams().id ?? ''
  const order = useOrder(id)
  const save = useUpdateOrder(id)

  // A failed load is toasted by the query cache with the server's message; the screen goes back to the list.
  useBackOnFailure(order.isError, paths.orders)

  return (
    <>
      <PageHeader
        title={t('orders.editTitle')}
        crumbs={[{ label: t('orders.crumbs.list'), to: paths.orders }, { label: t('orders.crumbs.edit') }]}
      />
      {/* The form starts from the record as the server has it now, never from a copy cached earlier. */}
      {order.data && order.isFetchedAfterMount ? (
        <OrderEditForm
          order={order.data}
          busy={save.isPending}
          onSubmit={(values, setError) =>
            save.mutate(values, {
              onSuccess: () => {
                notify.success(t('orders.saved'))
                navigate(paths.orders)
              },
              onError: (error) => applyServerErrors(error, setError, ORDER_FORM_FIELDS),
            })
          }
        />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </>
  )
}
