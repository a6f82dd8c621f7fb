import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { SiteUsageSeries } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { usageDayFormats } from '../usageDays';

/**
 * One property's daily kWh (left axis) and gallons (right axis) as bars, dated in the user's
 * language, with a tooltip per day. The chart takes the keyboard focus (arrow keys move the
 * tooltip); screen readers get the same figures from the table beside it.
 */
export function SiteUsageChart({ series, height }: { series: SiteUsageSeries; height: number }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const dates = usageDayFormats(i18n.language);
  const kwh = t('dashboard.usage.kwhUnit');
  const gallons = t('dashboard.usage.gallonsUnit');
  return (
    <BarChart
      h={height}
      data={series.days}
      dataKey="day"
      series={[
        { name: 'kwh', label: t('dashboard.usage.electricity'), color: 'orange.6' },
        { name: 'gallons', label: t('dashboard.usage.water'), color: 'blue.6', yAxisId: 'right' },
      ]}
      withLegend
      withRightYAxis
      valueFormatter={(value) => number.format(value)}
      barProps={(bar) => ({ unit: ` ${bar.name === 'kwh' ? kwh : gallons}` })}
      xAxisProps={{ tickFormatter: dates.axis }}
      yAxisLabel={kwh}
      rightYAxisLabel={gallons}
      yAxisProps={{ width: 64 }}
      rightYAxisProps={{ width: 64 }}
      // recharts renders the tooltip before any day is hovered, with no label
      tooltipProps={{ labelFormatter: (day?: string) => (day ? dates.full(day) : '') }}
      barChartProps={{ accessibilityLayer: true, title: t('dashboard.usage.tableCaption', { name: series.siteName }) }}
    />
  );
}
