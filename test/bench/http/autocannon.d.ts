// The small part of autocannon's API the benchmark uses (the package ships no type declarations).
declare module 'autocannon' {
  namespace autocannon {
    /** One request of a sequence each connection repeats. */
    interface Request {
      method?: string;
      path?: string;
      body?: string;
      headers?: Record<string, string>;
      /** Rewrites the request before it is sent (per connection `context`). */
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
      /** Sees the answer (to carry an id to the next request of the sequence). */
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }
    /** Options of a run. */
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
      requests?: Request[];
    }
    /** Latency percentiles (ms). */
    interface Histogram { average: number; p50: number; p90: number; p99: number; max: number; total: number }
    /** What a run measured. */
    interface Result {
      requests: Histogram;
      latency: Histogram;
      duration: number;
      non2xx: number;
      errors: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
