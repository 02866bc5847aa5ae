/* Placeholder: replaced by the real Setting dialog. */
export function SettingDialog(_props: { opened: boolean; onClose: () => void }) {
  return null
}
