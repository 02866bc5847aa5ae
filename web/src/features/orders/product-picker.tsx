import { useDebouncedValue } from '@mantine/hooks'
import type { Product } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type ReactNode, type Ref, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type PickerOption, SearchPicker } from '../../components/search-picker.tsx'
import { useFormat } from '../../lib/format.ts'
import { apiQuery } from '../../lib/queries.ts'

const SEARCH_PAUSE_MS = 300

/**
 * A product search by name for an order's lines, shared by the New order screen and the order detail's Add
 * product: each match shows its price and stock (and how many variants it has, CONTRACT 5.4, whose choice comes
 * next), and one out of stock is shown but cannot be picked, since the server would refuse its line anyway. Enter
 * picks the highlighted product; the box empties once one is picked.
 *
 * @example <ProductPicker label="Add a product" onPick={(product) => add(product)} />
 */
export function ProductPicker({
  label,
  description,
  onPick,
  error,
  inputRef,
  autofocus,
}: {
  label: string
  description?: ReactNode
  onPick: (product: Product) => void
  error?: ReactNode
  inputRef?: Ref<HTMLInputElement>
  /** Takes the focus when the dialog around it opens. */
  autofocus?: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const [search, setSearch] = useState('')
  const [paused] = useDebouncedValue(search, SEARCH_PAUSE_MS)
  const term = paused.trim()

  const found = useQuery({
    ...apiQuery(endpoints.products.list, { query: { name: term, limit: 10 } }),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  })
  const products = term !== '' ? (found.data?.data ?? []) : []
  const options: PickerOption[] = products.map((p) => {
    const offer =
      p.quantity > 0
        ? t('newOrder.lines.offer', {
            price: format.money(p.price),
            stock: t('newOrder.lines.stock', { stock: format.count(p.quantity) }),
          })
        : t('newOrder.lines.outOfStock')
    return {
      value: p.id,
      label: p.name,
      // A product with variants says so: picking it asks which one next.
      detail:
        p.variants.length > 0
          ? `${offer} · ${t('orders.variant.count', { count: p.variants.length })}`
          : offer,
      disabled: p.quantity <= 0,
    }
  })
  const ready = term === search.trim() && term !== '' && found.isSuccess && !found.isFetching

  return (
    <SearchPicker
      label={label}
      placeholder={t('newOrder.lines.placeholder')}
      description={description}
      search={search}
      onSearchChange={setSearch}
      options={options}
      ready={ready}
      loading={found.isFetching}
      nothingFound={t('newOrder.lines.none')}
      inputRef={inputRef}
      autofocus={autofocus}
      onPick={(id) => {
        const product = products.find((p) => p.id === id)
        if (!product || product.quantity <= 0) return
        setSearch('')
        onPick(product)
      }}
      error={error}
    />
  )
}
