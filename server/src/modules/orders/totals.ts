// The formula lives in the contract, so the new-order screen shows the totals the server will save.
export { type OrderPricing, type OrderTotals, orderTotals } from '@store/contract'
