package storebench.trial.child.traffic;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The collector's pauses over a traffic loop, from the collectors' notifications. Their clock's zero is not the
 * uptime's (55-370 ms apart here), so {@link #start()} places it with one explicit collection read between two
 * uptimes, to within the few ms its safepoint took. Concurrent cycles do not stop the loop and are left out. The
 * notifications arrive after each collection: {@link #stop()} waits until as many have come as the collectors counted.
 */
public final class GcPauses implements NotificationListener, AutoCloseable {
    /** One pause: its start after the watch's start and its length, ms (the notifications' resolution). */
    public record Pause(long startMs, long durationMs, String collector) {
    }

    private final List<Pause> pauses = new ArrayList<>();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final List<GarbageCollectorMXBean> pausing = new ArrayList<>();
    private long uptimeAtStart;
    /** Added to a notification's start: the uptime clock's ms. */
    private long offsetMs;
    /** How far {@link #offsetMs} may be off, ms. */
    private long uncertaintyMs;
    private volatile GarbageCollectionNotificationInfo calibration;
    private long liveAtStart;
    private volatile boolean calibrating;
    private long countAtStart;
    private volatile boolean watching;

    /** Starts listening after one explicit collection; the pauses' starts count from the end of this call. */
    public GcPauses start() throws InterruptedException {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter && pauses(gc.getName())) {
                emitter.addNotificationListener(this, null, null);
                emitters.add(emitter);
                pausing.add(gc);
            }
        }
        calibrating = true;
        long u0 = ManagementFactory.getRuntimeMXBean().getUptime();
        System.gc();
        long u1 = ManagementFactory.getRuntimeMXBean().getUptime();
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (calibration == null && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        calibrating = false;
        GarbageCollectionNotificationInfo c = calibration;
        if (c != null) {
            long low = u0 - c.getGcInfo().getStartTime();
            long high = u1 - c.getGcInfo().getEndTime();
            offsetMs = (low + Math.max(low, high)) / 2;
            uncertaintyMs = (Math.max(low, high) - low + 1) / 2 + 1;
        } else {
            uncertaintyMs = -1; // explicit collections disabled: the pauses cannot be placed
        }
        liveAtStart = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        countAtStart = collections();
        uptimeAtStart = ManagementFactory.getRuntimeMXBean().getUptime();
        watching = true;
        return this;
    }

    /** How far a pause's start may be off, ms; -1 where the clock could not be placed. */
    public long uncertaintyMs() {
        return uncertaintyMs;
    }

    /** Whether a collector bean of this name reports pauses (not concurrent cycles, which run beside the loop). */
    static boolean pauses(String beanName) {
        String n = beanName.toLowerCase(Locale.ROOT);
        return !n.contains("cycles") && !n.contains("concurrent");
    }

    private long collections() {
        return pausing.stream().mapToLong(gc -> Math.max(0, gc.getCollectionCount())).sum();
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        if (calibrating && calibration == null && "System.gc()".equals(info.getGcCause())) {
            calibration = info;
            return;
        }
        if (!watching) {
            return;
        }
        synchronized (pauses) {
            pauses.add(new Pause(info.getGcInfo().getStartTime() + offsetMs - uptimeAtStart,
                    info.getGcInfo().getDuration(), info.getGcName()));
        }
    }

    /** Stops listening once every counted collection's notification has come (at most a second); pauses in order. */
    public List<Pause> stop() throws InterruptedException {
        long want = collections() - countAtStart;
        long deadline = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() < deadline) {
            synchronized (pauses) {
                if (pauses.size() >= want) {
                    break;
                }
            }
            Thread.sleep(5);
        }
        watching = false;
        close();
        synchronized (pauses) {
            return pauses.stream().sorted(java.util.Comparator.comparingLong(Pause::startMs)).toList();
        }
    }

    /** What the stretch left live, bytes, by an explicit collection: call after {@link #stop()}, outside any span. */
    public long survivedBytes() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() - liveAtStart;
    }

    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(this);
            } catch (javax.management.ListenerNotFoundException ignored) {
                // removed already
            }
        }
        emitters.clear();
    }
}
