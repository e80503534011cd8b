// The package ships JavaScript only: its one export, as its README describes it.
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
