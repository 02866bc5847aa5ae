import { endpoints } from '@store/contract/client'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { EditScreen } from '../../components/edit-screen.tsx'
import { HistoryLink } from '../../components/history-link.tsx'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { useEditController } from '../../lib/use-edit-controller.ts'
import {
  emptyOrderForm,
  OrderFields,
  orderFormValues,
  orderResolver,
  placeOrderRefusal,
} from './order-edit-form.tsx'

/** /admin/order/edit/{id}: loads the order afresh, then saves it and returns to the list (spec sections 2, 4). */
export function OrderEditPage() {
  const { t } = useTranslation()
  const id = useParams().id ?? ''
  const canWrite = useCan('orders:write')
  const edit = useEditController({
    load: { endpoint: endpoints.orders.get, id },
    toValues: orderFormValues,
    empty: emptyOrderForm,
    resolver: orderResolver,
    save: { endpoint: endpoints.orders.update, input: (body) => ({ params: { id }, body }) },
    placeRefusal: placeOrderRefusal,
    back: paths.orders,
    saved: t('orders.saved'),
  })
  return (
    <EditScreen
      title={t('orders.editTitle')}
      crumbs={[{ label: t('orders.crumbs.list'), to: paths.orders }, { label: t('orders.crumbs.edit') }]}
      edit={edit}
      readOnly={!canWrite}
      actions={<HistoryLink entity="order" id={id} />}
    >
      <OrderFields form={edit.form} order={edit.record} />
    </EditScreen>
  )
}
