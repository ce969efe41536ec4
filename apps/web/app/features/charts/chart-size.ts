/** The plot's height, CSS px: the server's placeholder and uPlot's canvas are the same height (no layout shift). */
export const CHART_HEIGHT = 320;
