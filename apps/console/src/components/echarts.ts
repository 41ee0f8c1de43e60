import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// The parts of ECharts the console's charts draw with (lines and bars on a grid, with a tooltip and a legend, on a
// canvas; the light and dark themes come with the core), instead of the whole library: a third of its code to
// download and parse before a chart can be drawn. A chart that needs another kind registers it here.

use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
