/** The signed-in frame's own tools: the skip link, the colour scheme, the command palette and the shortcuts. */
export const shell = {
  skipToContent: 'Skip to content',
  colorScheme: {
    label: 'Colour scheme',
    light: 'Light',
    dark: 'Dark',
    auto: 'Follow system',
  },
  palette: {
    /** The header's button that opens the palette. */
    open: 'Search',
    /** The palette's name, read out when it opens. */
    label: 'Search and go',
    placeholder: 'Search orders, products, customers or screens',
    actions: 'Actions',
    screens: 'Screens',
    orders: 'Orders',
    products: 'Products',
    customers: 'Customers',
    newOrder: 'New order',
    order: 'Order #{{id}}',
    sku: 'SKU {{sku}}',
    searching: 'Searching…',
    nothingFound: 'Nothing found',
    failed: 'The search could not be done. Try again.',
  },
  shortcuts: {
    title: 'Keyboard shortcuts',
    /** Between the two keys of a sequence: 'g then o'. */
    followedBy: 'then',
    search: 'Search and go to any screen',
    goOrders: 'Go to the order list',
    goProducts: 'Go to the product list',
    newInList: 'Add a new one, on a list with an Add button',
    save: 'Save the form',
    close: 'Close a dialog or menu',
    help: 'Show these shortcuts',
    typing: 'While you type in a field, only Ctrl + Enter and Esc work.',
  },
}
