"""A Richards-style scheduler: an idle task, a worker, two handlers and two devices
pass linked packets to each other through a priority scheduler (method calls,
attribute reads and stores, linked lists). Shorter than pyperformance's richards,
same flavour."""

I_IDLE, I_WORK, I_HANDLER_A, I_HANDLER_B, I_DEV_A, I_DEV_B = range(6)
K_DEV = 1000
K_WORK = 1001
BUFSIZE = 4


class Packet:
    def __init__(self, link, ident, kind):
        self.link = link
        self.ident = ident
        self.kind = kind
        self.datum = 0
        self.data = [0] * BUFSIZE

    def append_to(self, queue):
        self.link = None
        if queue is None:
            return self
        p = queue
        while p.link is not None:
            p = p.link
        p.link = self
        return queue


class Task:
    def __init__(self, scheduler, ident, priority, queue):
        self.scheduler = scheduler
        self.ident = ident
        self.priority = priority
        self.queue = queue
        self.packet_pending = queue is not None
        self.waiting = queue is not None
        self.held = False
        self.link = scheduler.task_list
        scheduler.task_list = self
        scheduler.table[ident] = self

    def held_or_waiting(self):
        return self.held or (self.waiting and not self.packet_pending)

    def run_once(self):
        pkt = None
        if self.waiting and self.packet_pending:
            pkt = self.queue
            self.queue = pkt.link
            self.packet_pending = self.queue is not None
            self.waiting = False
        return self.step(pkt)

    def wait(self):
        self.waiting = True
        return self

    def hold(self):
        self.scheduler.hold_count += 1
        self.held = True
        return self.link

    def release(self, ident):
        t = self.scheduler.table[ident]
        t.held = False
        if t.priority > self.priority:
            return t
        return self

    def send(self, pkt):
        sched = self.scheduler
        t = sched.table[pkt.ident]
        sched.send_count += 1
        pkt.link = None
        pkt.ident = self.ident
        if t.queue is None:
            t.queue = pkt
            t.packet_pending = True
            if t.priority > self.priority:
                return t
        else:
            t.queue = pkt.append_to(t.queue)
        return self


class IdleTask(Task):
    def __init__(self, scheduler, ident, priority, count):
        Task.__init__(self, scheduler, ident, priority, None)
        self.control = 1
        self.count = count

    def step(self, pkt):
        self.count -= 1
        if self.count == 0:
            return self.hold()
        if self.control & 1 == 0:
            self.control = self.control >> 1
            return self.release(I_DEV_A)
        self.control = (self.control >> 1) ^ 0xD008
        return self.release(I_DEV_B)


class WorkTask(Task):
    def __init__(self, scheduler, ident, priority, queue):
        Task.__init__(self, scheduler, ident, priority, queue)
        self.dest = I_HANDLER_A
        self.count = 0

    def step(self, pkt):
        if pkt is None:
            return self.wait()
        self.dest = I_HANDLER_B if self.dest == I_HANDLER_A else I_HANDLER_A
        pkt.ident = self.dest
        pkt.datum = 0
        for i in range(BUFSIZE):
            self.count += 1
            if self.count > 26:
                self.count = 1
            pkt.data[i] = ord("A") + self.count - 1
        return self.send(pkt)


class HandlerTask(Task):
    def __init__(self, scheduler, ident, priority, queue):
        Task.__init__(self, scheduler, ident, priority, queue)
        self.work_in = None
        self.device_in = None

    def step(self, pkt):
        if pkt is not None:
            if pkt.kind == K_WORK:
                self.work_in = pkt.append_to(self.work_in)
            else:
                self.device_in = pkt.append_to(self.device_in)
        work = self.work_in
        if work is not None:
            count = work.datum
            if count < BUFSIZE:
                dev = self.device_in
                if dev is not None:
                    self.device_in = dev.link
                    dev.datum = work.data[count]
                    work.datum = count + 1
                    self.scheduler.checksum += dev.datum
                    return self.send(dev)
            else:
                self.work_in = work.link
                return self.send(work)
        return self.wait()


class DeviceTask(Task):
    def __init__(self, scheduler, ident, priority):
        Task.__init__(self, scheduler, ident, priority, None)
        self.pending = None
        self.waiting = True

    def step(self, pkt):
        if pkt is None:
            if self.pending is None:
                return self.wait()
            p = self.pending
            self.pending = None
            return self.send(p)
        self.pending = pkt
        return self.hold()


class Scheduler:
    def __init__(self):
        self.task_list = None
        self.table = [None] * 6
        self.hold_count = 0
        self.send_count = 0
        self.checksum = 0

    def run(self):
        t = self.task_list
        while t is not None:
            if t.held_or_waiting():
                t = t.link
            else:
                t = t.run_once()


def richards(idle_count):
    s = Scheduler()
    IdleTask(s, I_IDLE, 0, idle_count)
    work = Packet(None, I_IDLE, K_WORK)
    work = Packet(work, I_IDLE, K_WORK)
    WorkTask(s, I_WORK, 1000, work)
    for ident, priority, dev in ((I_HANDLER_A, 2000, I_DEV_A), (I_HANDLER_B, 3000, I_DEV_B)):
        queue = Packet(None, dev, K_DEV)
        queue = Packet(queue, dev, K_DEV)
        queue = Packet(queue, dev, K_DEV)
        HandlerTask(s, ident, priority, queue)
    DeviceTask(s, I_DEV_A, 4000)
    DeviceTask(s, I_DEV_B, 5000)
    s.run()
    return s.send_count, s.hold_count, s.checksum


def main():
    totals = [0, 0, 0]
    for _ in range(6):
        result = richards(10_000)
        for i in range(3):
            totals[i] += result[i]
    print("checksum:", *totals)


main()
