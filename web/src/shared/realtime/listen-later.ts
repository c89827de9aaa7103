/**
 * Listens to `event` on `channel` once the realtime client's code is there: it is not part of a
 * page's first load (the 250 KB budget), and a live update can wait for it. Returns the function
 * that stops listening, which also works before the code has come.
 */
export function listenLater<T>(channel: string, event: string, handler: (payload: T) => void): () => void {
  let stop = () => {};
  let live = true;
  void import('./socket.ts').then(({ realtime }) => {
    if (live) stop = realtime.listen<T>(channel, event, handler);
  });
  return () => {
    live = false;
    stop();
  };
}
