;; The decoder of js/no-wasm/index-form.js's form (read that file first: the
;; tokens, SMALL = 40, NEAR = 30, FAR = 8, COPY = 94), in WebAssembly 1.0, for
;; the classic script's copy of the full module only: tools/classic-module.mjs
;; appends this function to that copy as the export `index_form`, with jis0208's
;; form as a data segment, and js/wasm-index-forms.js calls it instead of
;; decoding the form in JavaScript. Cold, in a fresh Chromium page, the
;; JavaScript loop took 0.46-0.57 ms of the main thread (one native call per
;; character, run once, mostly in V8's interpreter) and queued an optimising
;; compile on another thread; this one is compiled by Liftoff at its first
;; call and walks the 13,906 bytes in well under 0.1 ms (docs/speed-log.md,
;; "Chromium start-up: jis0208 decoded by the module").
;;
;; index_form(src, length, out, count): decodes the form's `length` bytes at
;; `src` into the u16 array of `count` entries at `out`. As the JavaScript
;; decoder: entries it does not reach stay as they are; a damaged form cannot
;; write outside the array (writes at or past `count` are dropped, a copy from
;; before the array's start reads nothing) and ends where its bytes end.
(module
  (memory 0)
  (func $index_form (export "index_form") (param $src i32) (param $length i32) (param $out i32) (param $count i32)
    (local $end i32) (local $at i32) (local $prev i32) (local $v i32) (local $distance i32) (local $n i32)
    (local.set $end (i32.add (local.get $src) (local.get $length)))
    (block $done
      (loop $token
        (br_if $done (i32.ge_u (local.get $src) (local.get $end)))
        ;; A digit is 126 minus the byte.
        (local.set $v (i32.sub (i32.const 126) (i32.load8_u (local.get $src))))
        (local.set $src (i32.add (local.get $src) (i32.const 1)))
        (block $write
          ;; v < SMALL: the previous code point + v + 1.
          (if (i32.lt_u (local.get $v) (i32.const 40))
            (then
              (local.set $prev (i32.add (local.get $prev) (i32.add (local.get $v) (i32.const 1))))
              (br $write)))
          ;; v < SMALL + NEAR: the previous + (v - SMALL) * 95 + next digit - NEAR_ZERO (1425).
          (if (i32.lt_u (local.get $v) (i32.const 70))
            (then
              (local.set $prev
                (i32.sub
                  (i32.add (local.get $prev) (i32.mul (i32.sub (local.get $v) (i32.const 40)) (i32.const 95)))
                  ;; (126 - next) - 1425 = -(next + 1299)
                  (i32.add (i32.load8_u (local.get $src)) (i32.const 1299))))
              (local.set $src (i32.add (local.get $src) (i32.const 1)))
              (br $write)))
          ;; v < SMALL + NEAR + FAR: ((v - SMALL - NEAR) * 95 + next) * 95 + next.
          (if (i32.lt_u (local.get $v) (i32.const 78))
            (then
              (local.set $prev
                (i32.add
                  (i32.mul
                    (i32.add
                      (i32.mul (i32.sub (local.get $v) (i32.const 70)) (i32.const 95))
                      (i32.sub (i32.const 126) (i32.load8_u (local.get $src))))
                    (i32.const 95))
                  (i32.sub (i32.const 126) (i32.load8_u offset=1 (local.get $src)))))
              (local.set $src (i32.add (local.get $src) (i32.const 2)))
              (br $write)))
          ;; v < COPY: v - (SMALL + NEAR + FAR) + 1 pointers without a code point.
          (if (i32.lt_u (local.get $v) (i32.const 94))
            (then
              (local.set $at (i32.add (local.get $at) (i32.sub (local.get $v) (i32.const 77))))
              (br $token)))
          ;; COPY: n entries copied from d pointers back, d and n two digits each.
          (local.set $distance
            (i32.add
              (i32.mul (i32.sub (i32.const 126) (i32.load8_u (local.get $src))) (i32.const 95))
              (i32.sub (i32.const 126) (i32.load8_u offset=1 (local.get $src)))))
          (local.set $n
            (i32.add
              (i32.mul (i32.sub (i32.const 126) (i32.load8_u offset=2 (local.get $src))) (i32.const 95))
              (i32.sub (i32.const 126) (i32.load8_u offset=3 (local.get $src)))))
          (local.set $src (i32.add (local.get $src) (i32.const 4)))
          (block $copied
            (loop $copy
              (br_if $copied (i32.eqz (local.get $n)))
              (if (i32.and (i32.lt_u (local.get $at) (local.get $count)) (i32.le_u (local.get $distance) (local.get $at)))
                (then
                  (local.set $prev
                    (i32.load16_u (i32.add (local.get $out) (i32.shl (i32.sub (local.get $at) (local.get $distance)) (i32.const 1)))))
                  (i32.store16 (i32.add (local.get $out) (i32.shl (local.get $at) (i32.const 1))) (local.get $prev))))
              (local.set $at (i32.add (local.get $at) (i32.const 1)))
              (local.set $n (i32.sub (local.get $n) (i32.const 1)))
              (br $copy)))
          (br $token))
        ;; One entry: the code point just computed.
        (if (i32.lt_u (local.get $at) (local.get $count))
          (then (i32.store16 (i32.add (local.get $out) (i32.shl (local.get $at) (i32.const 1))) (local.get $prev))))
        (local.set $at (i32.add (local.get $at) (i32.const 1)))
        (br $token)))))
