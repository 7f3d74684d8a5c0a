-- wrk script for scripts/load-test.sh: POST a typical irregular auction (a pass
-- out of rotation at partner's turn, Law 30B2 of 1987, 8 events) to the rule
-- endpoint, and count the responses that are not 200.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"edition":"1987","dealer":"N","events":[{"N":"1H"},{"E":"pass"},{"N":"pass"},{"director":{"pass_meaning":"natural"}},{"S":"2H"},{"W":"pass"},{"N":"pass"},{"E":"pass"}]}'

local bad = 0
response = function(status, headers, body)
  if status ~= 200 then bad = bad + 1 end
end

done = function(summary, latency, requests)
  io.write(string.format("non-200 responses: %d (socket errors: connect %d, read %d, write %d, timeout %d)\n",
    summary.errors.status, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
  io.write(string.format("latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, latency.max / 1000))
end
