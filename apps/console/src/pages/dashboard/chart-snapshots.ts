import { createContext } from 'react';

// A chart's picture before ECharts has drawn it in the browser: the server draws each chart of a signed-in
// dashboard's first screen as SVG (apps/console/src/server/first-screen.tsx), and the console shows that picture
// in the chart's place until its own, interactive chart has drawn. Without a provider a chart has no picture.

/** A chart's picture: its name, the option ECharts draws, whether the theme is dark and the width it is drawn at. */
export type ChartPicture = (
  name: string,
  option: Record<string, unknown>,
  dark: boolean,
  width: number,
) => string | null;

export const ChartSnapshotContext = createContext<ChartPicture | null>(null);

/** The element a picture is written in, with the chart's name. */
export const SNAPSHOT_ATTRIBUTE = 'data-chart-snapshot';

/**
 * The pictures in a page the server rendered, by chart name, taken before the console's first render replaces
 * that markup; each is given once (a chart drawn again later has ECharts at hand).
 */
export function takeChartSnapshots(root: ParentNode): ChartPicture | null {
  const pictures = new Map<string, string>();
  for (const element of root.querySelectorAll(`[${SNAPSHOT_ATTRIBUTE}]`)) {
    const name = element.getAttribute(SNAPSHOT_ATTRIBUTE);
    if (name) pictures.set(name, element.innerHTML);
  }
  if (pictures.size === 0) return null;
  return (name) => {
    const picture = pictures.get(name) ?? null;
    pictures.delete(name);
    return picture;
  };
}
