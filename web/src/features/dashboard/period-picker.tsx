import { Group, NativeSelect } from '@mantine/core'
import { REPORT_COMPARISONS, type ReportComparison } from '@store/contract'
import { useTranslation } from 'react-i18next'
import { DateField } from '../../components/date-field.tsx'
import { PERIOD_NAMES, type PeriodName } from './period.ts'
import type { ReportViewController } from './use-report-view.ts'

/**
 * The report's period (a preset, or a custom range of two store days) and what it is compared with. Native
 * selects: a phone shows its own picker, and every browser and screen reader knows them.
 */
export function PeriodPicker({ report }: { report: ReportViewController }) {
  const { t } = useTranslation()
  const { view, today } = report
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('dashboard.report.period')}
        value={view.period}
        onChange={(event) => report.setPeriod(event.currentTarget.value as PeriodName)}
        data={PERIOD_NAMES.map((name) => ({ value: name, label: t(`dashboard.report.periods.${name}`) }))}
        w={{ base: '100%', xs: 190 }}
      />
      {view.period === 'custom' && (
        <>
          <DateField
            label={t('dashboard.report.from')}
            value={view.from}
            onChange={(day) => report.setDay('from', day)}
            maxDate={today}
          />
          <DateField
            label={t('dashboard.report.to')}
            value={view.to}
            onChange={(day) => report.setDay('to', day)}
            minDate={view.from}
            maxDate={today}
          />
        </>
      )}
      <NativeSelect
        label={t('dashboard.report.compare')}
        value={view.compare}
        onChange={(event) => report.setCompare(event.currentTarget.value as ReportComparison)}
        data={REPORT_COMPARISONS.map((compare) => ({
          value: compare,
          label: t(`dashboard.report.comparisons.${compare}`),
        }))}
        w={{ base: '100%', xs: 210 }}
      />
    </Group>
  )
}
