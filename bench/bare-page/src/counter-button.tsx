// @jsxRuntime automatic -- the bench renders this file under tsx, which sees no tsconfig with `jsx`.
import { useState } from "react";

export function CounterButton() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      Clicked {count} times
    </button>
  );
}
