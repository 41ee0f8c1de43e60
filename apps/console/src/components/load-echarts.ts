/** ECharts' parts the console's charts draw with (./echarts.ts), in a chunk of their own, loaded once. */
export const loadECharts = () => import('./echarts');
