"""The per-GPU lane lock: correctness stages share the GPU, timing has it alone and is not starved."""
import threading

from tritonrl.verifier_workers.gpu_lock import GPUShareLock


def _wait(cond, timeout=5.0):
    ev = threading.Event()
    for _ in range(int(timeout / 0.01)):
        if cond():
            return True
        ev.wait(0.01)
    return cond()


def test_shared_holders_overlap():
    lock = GPUShareLock()
    inside, release = [], threading.Event()

    def reader():
        with lock.shared():
            inside.append(1)
            release.wait(5)

    ts = [threading.Thread(target=reader) for _ in range(3)]
    for t in ts:
        t.start()
    assert _wait(lambda: len(inside) == 3)  # all three at once
    release.set()
    for t in ts:
        t.join(5)


def test_exclusive_waits_for_readers_and_blocks_new_ones():
    lock = GPUShareLock()
    log, release_reader = [], threading.Event()

    def first_reader():
        with lock.shared():
            log.append("r1 in")
            release_reader.wait(5)
            log.append("r1 out")

    def writer():
        with lock.exclusive():
            log.append("w in")
            log.append("w out")

    def late_reader():
        with lock.shared():
            log.append("r2 in")

    r1 = threading.Thread(target=first_reader)
    r1.start()
    assert _wait(lambda: "r1 in" in log)
    w = threading.Thread(target=writer)
    w.start()
    assert _wait(lambda: lock._writers_waiting == 1)
    r2 = threading.Thread(target=late_reader)
    r2.start()
    assert not _wait(lambda: "r2 in" in log or "w in" in log, timeout=0.3)  # both wait on r1
    release_reader.set()
    for t in (r1, w, r2):
        t.join(5)
    # the writer ran alone, after r1 left and before the reader that came after it
    assert log.index("r1 out") < log.index("w in") < log.index("w out") < log.index("r2 in")


def test_exclusive_holders_never_overlap():
    lock = GPUShareLock()
    active, peak = [0], [0]
    mu = threading.Lock()

    def writer():
        for _ in range(50):
            with lock.exclusive():
                with mu:
                    active[0] += 1
                    peak[0] = max(peak[0], active[0])
                with mu:
                    active[0] -= 1

    ts = [threading.Thread(target=writer) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(10)
    assert peak[0] == 1


def test_hold_keeps_timing_out_and_lets_correctness_through():
    """While another role (the learner) holds the GPU, timing waits; correctness stages do not wait
    behind that waiting timing stage; lifting the hold lets timing in."""
    lock = GPUShareLock()
    lock.hold(30.0)
    log = []

    def timing():
        with lock.exclusive():
            log.append("timing")

    w = threading.Thread(target=timing)
    w.start()
    assert _wait(lambda: lock._writers_waiting == 1)
    with lock.shared():  # no deadlock: a held timing stage does not block the other lanes
        log.append("correctness")
    assert not _wait(lambda: "timing" in log, timeout=0.3)
    lock.hold(0)
    w.join(5)
    assert log == ["correctness", "timing"]


def test_hold_lapses_by_itself():
    lock = GPUShareLock()
    lock.hold(0.3)
    done = threading.Event()
    w = threading.Thread(target=lambda: (lock.exclusive().__enter__(), done.set()))
    w.start()
    assert not done.wait(0.1)
    assert done.wait(5.0)  # nobody lifted it: a caller that died cannot freeze timing
    w.join(5)
