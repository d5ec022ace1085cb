"""Run openenv 0.10.0's quality bar (`openenv validate --level semantic`) on
every DeskBench environment, through a provider of our own.

The validator's CLI knows only its Docker provider, and there is no Docker
engine here; its Python API (`run_validation(..., provider=...)`) takes any
object that follows its provider protocol. `LocalProcessProvider` is one:
its "image" is the `deskbench` binary cargo built (the one the Dockerfile's
runtime stage copies) with the environment, user and command of the
Dockerfile's final stage, and it runs it in a network namespace of its own
(only `lo`, as `docker run --network none`) and a mount namespace that
leaves the filesystem read-only but a `/tmp` and `/dev/shm` of the declared
disk (`--read-only --tmpfs /tmp`), as an unprivileged user, with the
declared CPU and memory limits, listening on OpenEnv's port 8000 inside the
namespace. The validator reaches it through a loopback
listener on a free host port that relays each connection into the namespace,
as the Docker provider's exec relay does, and `runtime.network_policy`
measures the namespace with the validator's own probe scripts against a sink
in a namespace of the provider's.

The validator probes only a package's root mount, so each environment is
validated as the default environment of a package of its own: a copy of the
repository's files with an `openenv.yaml` whose `default_environment`, tasks
and `validation:` block are that environment's, and a Dockerfile that
selects it (`ENV DESKBENCH_DEFAULT_ENV`). Copies, not links: the validator
hashes the package tree and refuses symbolic links.

Run by scripts/openenv-validate.sh (`make openenv-validate`).
"""

import argparse
import hashlib
import json
import math
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import yaml
from openenv.validation import runner
from openenv.validation.providers import (
    ExecResult,
    ProviderError,
    StartupError,
    UnsupportedCapability,
)
from openenv.validation.providers._netns import (
    PROBE_SCRIPT,
    RELAY_SCRIPT,
    SINK_SCRIPT,
    SINK_TCP_PORT,
    WAIT_READY_SCRIPT,
)
from openenv.validation.report import write_report
from openenv.validation.runtime.contracts import NetworkEvidence
from openenv.validation.types import CheckStatus, Level, ProviderCapability

# OpenEnv's container port: the subject listens on it inside its namespace.
CONTAINER_PORT = 8000
# The unprivileged user the subject, the relays and the probes run as (the
# Docker provider's `--user 65532:65532`).
SUBJECT_UID = 65532
# Processes and threads of that user, as Docker's `--pids-limit 256`.
PIDS_LIMIT = 256
# The validator-owned sink and the control side of the network probes: a
# veth pair between two namespaces of the provider's, on a benchmarking
# range (RFC 2544) that no real network uses.
CONTROL_ADDRESS = "198.18.0.1"
SINK_ADDRESS = "198.18.0.2"
# The reason the validator gives for the checks it has no grader for.
NOT_IMPLEMENTED = "grader not implemented in this build"
# Every ICMP echo socket allowed, as Docker sets in every container, so the
# ICMP probe measures routing rather than a permission.
PING_GROUPS = "0 2147483647"
# The subject's shared memory, taken from its declared disk as Docker's
# provider does (`--shm-size`, at most 64 MiB).
SHM_MB = 16
# Run by root inside the subject's fresh network and mount namespaces, before
# it drops to the subject's user: `lo` up, and the filesystem as Docker's
# `--read-only --tmpfs /tmp` leaves it (read-only but a /tmp and a /dev/shm
# of the declared disk). $0 ping groups, $1 /tmp MB, $2 /dev/shm MB.
SANDBOX_SETUP = (
    'ip link set lo up && sysctl -q -w "net.ipv4.ping_group_range=$0" '
    "&& mount -o remount,bind,ro / "
    '&& mount -t tmpfs -o "size=$1m,mode=1777,nosuid,nodev" tmpfs /tmp '
    '&& mount -t tmpfs -o "size=$2m,mode=1777,nosuid,nodev" tmpfs /dev/shm '
    '&& shift 2 && exec "$@"'
)


def say(text: str) -> None:
    print(f"openenv-validate: {text}", flush=True)


# ---------------------------------------------------------------------------
# The Dockerfile's final stage: what the image would run.


def final_stage(dockerfile: str) -> dict:
    """ENV, WORKDIR, USER, EXPOSE and CMD of the last `FROM` stage."""
    logical, pending = [], ""
    for raw in dockerfile.splitlines():
        line = raw.strip()
        # Docker drops comment lines, also inside a continued instruction.
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical.append(pending + line)
        pending = ""
    if pending:
        logical.append(pending)
    stage = {"env": {}, "workdir": "/", "user": None, "expose": [], "cmd": None}
    for line in logical:
        instruction, _, rest = line.partition(" ")
        instruction = instruction.upper()
        rest = rest.strip()
        if instruction == "FROM":
            stage = {"env": {}, "workdir": "/", "user": None, "expose": [], "cmd": None}
        elif instruction == "ENV":
            words = shlex.split(rest)
            if words and "=" not in words[0]:
                # The legacy form `ENV NAME value with spaces`.
                stage["env"][words[0]] = rest[len(words[0]) :].strip()
            else:
                for word in words:
                    name, _, value = word.partition("=")
                    stage["env"][name] = value
        elif instruction == "WORKDIR":
            stage["workdir"] = rest
        elif instruction == "USER":
            stage["user"] = rest
        elif instruction == "EXPOSE":
            stage["expose"] = [int(p.split("/")[0]) for p in rest.split()]
        elif instruction == "CMD":
            stage["cmd"] = json.loads(rest) if rest.startswith("[") else ["sh", "-c", rest]
    return stage


# ---------------------------------------------------------------------------
# Processes and namespaces.


def run(argv, timeout_s=30.0, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        argv,
        capture_output=True,
        text=True,
        timeout=max(timeout_s, 0.1),
        stdin=subprocess.DEVNULL,
        **kwargs,
    )


def must(argv, timeout_s=30.0) -> str:
    done = run(argv, timeout_s)
    if done.returncode:
        raise ProviderError(f"{' '.join(argv[:6])}: {done.stderr.strip()[-400:]}")
    return done.stdout


def in_netns(pid: int) -> list[str]:
    return ["nsenter", f"--net=/proc/{pid}/ns/net", "--"]


def unprivileged() -> list[str]:
    return [
        "setpriv",
        f"--reuid={SUBJECT_UID}",
        f"--regid={SUBJECT_UID}",
        "--clear-groups",
        "--no-new-privs",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--",
    ]


def python_script() -> list[str]:
    # The validator's own interpreter, isolated from the caller's environment.
    return [sys.executable, "-I", "-c"]


def stop_process(process: subprocess.Popen, grace_s: float = 5.0) -> None:
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=grace_s)


def netns_support() -> str | None:
    """None when a network namespace with a working `lo` can be made here,
    else why not (the kernel's or the tool's words)."""
    for tool in ("unshare", "nsenter", "ip", "setpriv", "prlimit", "taskset", "sysctl"):
        if shutil.which(tool) is None:
            return f"`{tool}` is not installed"
    try:
        done = run(
            ["unshare", "--net", "--mount", "--", "sh", "-c", SANDBOX_SETUP]
            + [PING_GROUPS, "8", "1", "true"],
            10,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return str(exc)
    if done.returncode:
        return done.stderr.strip() or f"unshare --net --mount exited {done.returncode}"
    return None


class Namespace:
    """A network namespace held open by a `sleep`, for the sink or the control."""

    def __init__(self):
        self.process = subprocess.Popen(
            ["unshare", "--net", "--", "sleep", "infinity"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 5
        while self.ns() == own_netns():
            if time.monotonic() > deadline or self.process.poll() is not None:
                stop_process(self.process)
                raise ProviderError("could not create a network namespace")
            time.sleep(0.01)

    def ns(self) -> str:
        try:
            return os.readlink(f"/proc/{self.process.pid}/ns/net")
        except OSError:
            return ""

    def enter(self) -> list[str]:
        return in_netns(self.process.pid)

    def close(self):
        stop_process(self.process, 1)


def own_netns() -> str:
    return os.readlink("/proc/self/ns/net")


class RelayBridge:
    """Host-loopback listener relaying each connection into the subject's
    namespace with the validator's RELAY_SCRIPT (the Docker provider's exec
    relay, with nsenter for `docker exec`). Nothing listens inside the
    namespace but the subject, and the relay runs unprivileged."""

    def __init__(self, pid: int):
        self.pid = pid
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.port = self.server.getsockname()[1]
        self.processes: list[subprocess.Popen] = []
        self.lock = threading.Lock()
        self.closed = False
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(connection,), daemon=True).start()

    def serve(self, connection):
        try:
            process = subprocess.Popen(
                in_netns(self.pid) + unprivileged() + python_script() + [RELAY_SCRIPT],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except OSError:
            connection.close()
            return
        with self.lock:
            if self.closed:
                process.kill()
                connection.close()
                return
            self.processes.append(process)

        def downstream():
            try:
                while chunk := process.stdout.read1(65536):
                    connection.sendall(chunk)
            except OSError:
                pass
            finally:
                try:
                    connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

        reader = threading.Thread(target=downstream, daemon=True)
        reader.start()
        try:
            while chunk := connection.recv(65536):
                process.stdin.write(chunk)
                process.stdin.flush()
        except (OSError, ValueError):
            pass
        finally:
            try:
                process.stdin.close()
            except OSError:
                pass
            reader.join(timeout=5)
            connection.close()
            if process.poll() is None:
                process.kill()
            process.wait(timeout=5)

    def close(self):
        with self.lock:
            self.closed = True
            processes = list(self.processes)
        try:
            self.server.close()
        except OSError:
            pass
        for process in processes:
            if process.poll() is None:
                process.kill()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass


# ---------------------------------------------------------------------------
# The provider.


class LocalProcessProvider:
    """A validation provider whose image is a local `deskbench` binary.

    `isolated` (namespaces work here): the subject runs in fresh network and
    mount namespaces, so `no-network` is enforced and measured. Otherwise
    the subject runs on the host's loopback with a free port: the other
    checks run, no-network is not enforced, and the provider lacks the
    `network_policy` capability, so `runtime.network_policy` SKIPs.
    """

    def __init__(self, binary: Path, workdir: Path, isolated: bool):
        self.binary = binary
        self.workdir = workdir
        self.isolated = isolated
        self.name = "deskbench-local-process" + ("" if isolated else "-unisolated")
        capabilities = {ProviderCapability.IMAGE_BUILD, ProviderCapability.EXEC}
        if isolated:
            capabilities.add(ProviderCapability.NETWORK_POLICY)
        self.capabilities = frozenset(capabilities)
        self.supported_network_modes = frozenset({"no-network"})
        self.images: dict[str, dict] = {}
        self.binary_digest = None
        self.image_dir = None

    def _image_binary(self) -> tuple[str, Path]:
        """The binary's digest and a copy of it the provider owns (a layer:
        the bytes hashed are the bytes run, whatever cargo does next)."""
        if self.binary_digest is None:
            digest = hashlib.sha256()
            with self.binary.open("rb") as source:
                while chunk := source.read(1 << 20):
                    digest.update(chunk)
            self.binary_digest = digest.hexdigest()
            self.image_dir = self.workdir / f"image-{self.binary_digest[:16]}"
            self.image_dir.mkdir(mode=0o755)
            shutil.copyfile(self.binary, self.image_dir / "deskbench")
            os.chmod(self.image_dir / "deskbench", 0o555)
        return self.binary_digest, self.image_dir / "deskbench"

    def build(self, root: Path, execution) -> str:
        package = Path(root).resolve(strict=True)
        dockerfile = (package / execution.dockerfile).resolve(strict=True)
        if not dockerfile.is_relative_to(package) or not dockerfile.is_file():
            raise ProviderError("the Dockerfile must be a regular file inside the package")
        stage = final_stage(dockerfile.read_text(encoding="utf-8"))
        command = stage["cmd"] or []
        if not command or Path(command[0]).name != "deskbench":
            raise ProviderError(
                f"this provider runs the deskbench binary only; the image's command is {command}"
            )
        digest, binary = self._image_binary()
        config = {
            "binary_sha256": digest,
            "binary": str(binary),
            "args": command[1:],
            "env": stage["env"],
            "workdir": stage["workdir"],
            "user": stage["user"],
            "expose": stage["expose"],
        }
        image_ref = "sha256:" + hashlib.sha256(
            json.dumps(config, sort_keys=True).encode()
        ).hexdigest()
        self.images[image_ref] = config
        return image_ref

    def start(self, spec) -> "LocalSubject":
        config = self.images.get(spec.image_ref)
        if config is None:
            raise ProviderError("unknown image")
        if spec.network.mode not in self.supported_network_modes:
            raise UnsupportedCapability(f"network mode {spec.network.mode}")
        subject = LocalSubject(self, config, spec)
        try:
            subject.launch()
        except BaseException as exc:
            try:
                subject.stop()
            except ProviderError:
                pass
            if isinstance(exc, (KeyboardInterrupt, SystemExit, ProviderError)):
                raise
            raise StartupError(f"start failed ({type(exc).__name__}: {exc})") from None
        return subject


class LocalSubject:
    """One started `deskbench serve`: reachable at `base_url`, stoppable."""

    def __init__(self, provider: LocalProcessProvider, config: dict, spec):
        self.provider = provider
        self.config = config
        self.spec = spec
        self.base_url = ""
        self.process: subprocess.Popen | None = None
        self.bridge: RelayBridge | None = None
        self.run_dir = provider.workdir / spec.run_id
        self.run_dir.mkdir(mode=0o755)
        # The image's WORKDIR: empty, and not writable by the subject.
        self.root = self.run_dir / "workdir"
        self.root.mkdir(mode=0o755)
        self.log_path = self.run_dir / "subject.log"
        cpus = sorted(os.sched_getaffinity(0))
        self.cpus = cpus[: max(1, min(len(cpus), math.ceil(spec.resources.cpu)))]
        self.environment = {
            "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            **config["env"],
            **spec.env_vars,
        }
        if not provider.isolated:
            # On the host's loopback 8000 may be taken: a free port instead.
            self.environment.update(HOST="127.0.0.1", PORT="0")

    def limits(self) -> list[str]:
        resources = self.spec.resources
        return [
            "prlimit",
            f"--data={resources.memory_mb * 1024 * 1024}",
            f"--fsize={resources.disk_mb * 1024 * 1024}",
            f"--nproc={PIDS_LIMIT}",
            "--",
            "taskset",
            "-c",
            ",".join(str(c) for c in self.cpus),
        ]

    def tmpfs_mb(self) -> tuple[int, int]:
        """/tmp and /dev/shm sizes, which add up to the declared disk."""
        disk = self.spec.resources.disk_mb
        shm = max(1, min(SHM_MB, disk // 4))
        return max(1, disk - shm), shm

    def command(self) -> list[str]:
        serve = [self.config["binary"], *self.config["args"]]
        inner = unprivileged() + self.limits() + serve
        if not self.provider.isolated:
            return inner
        tmp, shm = self.tmpfs_mb()
        return (
            ["unshare", "--net", "--mount", "--", "sh", "-c", SANDBOX_SETUP]
            + [PING_GROUPS, str(tmp), str(shm), *inner]
        )

    def launch(self):
        deadline = time.monotonic() + self.spec.startup_timeout_s
        log = self.log_path.open("wb")
        try:
            self.process = subprocess.Popen(
                self.command(),
                cwd=self.root,
                env=self.environment,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        finally:
            log.close()
        if self.provider.isolated:
            self._wait_isolated(deadline)
        else:
            self._wait_loopback(deadline)

    def _exited(self):
        if self.process.poll() is not None:
            raise StartupError(
                f"the subject exited ({self.process.returncode}) before it was ready: "
                + self.logs(2000).strip()[-600:]
            )

    def _wait_isolated(self, deadline):
        # Wait for the namespace, then for /health from inside it (the
        # validator's WAIT_READY_SCRIPT, as the Docker provider's helper).
        while self.netns() in ("", own_netns()):
            self._exited()
            if time.monotonic() > deadline:
                raise StartupError("the subject's namespace did not appear")
            time.sleep(0.01)
        while True:
            self._exited()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise StartupError(
                    "Subject did not return HTTP 200 from /health before its deadline"
                )
            done = run(
                in_netns(self.process.pid)
                + unprivileged()
                + python_script()
                + [WAIT_READY_SCRIPT, str(min(remaining, 1.0))],
                remaining + 5,
            )
            if done.returncode == 0:
                break
        self.bridge = RelayBridge(self.process.pid)
        self.base_url = f"http://127.0.0.1:{self.bridge.port}"

    def _wait_loopback(self, deadline):
        import urllib.request

        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        while True:
            self._exited()
            if time.monotonic() > deadline:
                raise StartupError(
                    "Subject did not return HTTP 200 from /health before its deadline"
                )
            text = self.log_path.read_text(errors="replace")
            marker = "listening on http://"
            if marker in text:
                address = text.split(marker, 1)[1].split()[0]
                url = "http://" + address
                try:
                    with opener.open(url + "/health", timeout=1) as reply:
                        if reply.status == 200:
                            self.base_url = url
                            return
                except OSError:
                    pass
            time.sleep(0.05)

    def netns(self) -> str:
        try:
            return os.readlink(f"/proc/{self.process.pid}/ns/net")
        except (OSError, AttributeError):
            return ""

    def inspect(self) -> dict:
        return {
            "provider": self.provider.name,
            "pid": self.process.pid if self.process else None,
            "network_namespace": self.netns() if self.provider.isolated else "host",
            "network_isolated": self.provider.isolated,
            "filesystem": (
                "read-only; tmpfs /tmp {} MiB, /dev/shm {} MiB".format(*self.tmpfs_mb())
                if self.provider.isolated
                else "the host's"
            ),
            "container_port": CONTAINER_PORT if self.provider.isolated else None,
            "user": f"{SUBJECT_UID}:{SUBJECT_UID}",
            "image_user": self.config["user"],
            "cpus": self.cpus,
            "limits": {
                "data_bytes": self.spec.resources.memory_mb * 1024 * 1024,
                "file_size_bytes": self.spec.resources.disk_mb * 1024 * 1024,
                "processes": PIDS_LIMIT,
            },
            "binary_sha256": self.config["binary_sha256"],
            "command": [Path(self.config["binary"]).name, *self.config["args"]],
            "env": sorted(self.environment),
        }

    def logs(self, max_bytes: int = 65536) -> str:
        try:
            with self.log_path.open("rb") as log:
                log.seek(0, os.SEEK_END)
                log.seek(max(0, log.tell() - max_bytes))
                return log.read().decode("utf-8", errors="replace")
        except OSError:
            return ""

    def exec(self, argv: list[str], timeout_s: float) -> ExecResult:
        started = time.monotonic()
        prefix = in_netns(self.process.pid) if self.provider.isolated else []
        try:
            done = run(
                prefix + unprivileged() + list(argv),
                timeout_s,
                cwd=self.root,
                env=self.environment,
            )
        except subprocess.TimeoutExpired as exc:
            raise ProviderError(f"exec timed out after {timeout_s} s") from exc
        return ExecResult(
            done.returncode, done.stdout, done.stderr, time.monotonic() - started
        )

    def measure_network(self, timeout_s: float = 60) -> dict:
        """The validator's PROBE_SCRIPT from a control namespace joined to a
        sink namespace by a veth pair (proving the sink reachable), then the
        same probes in the subject's namespace, with a sysfs of its own so
        its interface list is the namespace's."""
        if not self.provider.isolated:
            raise ProviderError("the subject shares the host's network")
        deadline = time.monotonic() + timeout_s

        def remaining():
            return deadline - time.monotonic()

        control = sink_ns = sink = None
        try:
            control, sink_ns = Namespace(), Namespace()
            must(
                control.enter()
                + ["ip", "link", "add", "vctl", "type", "veth", "peer", "name", "vsink"]
                + ["netns", str(sink_ns.process.pid)],
                remaining(),
            )
            for ns, device, address in (
                (control, "vctl", CONTROL_ADDRESS),
                (sink_ns, "vsink", SINK_ADDRESS),
            ):
                must(ns.enter() + ["ip", "link", "set", "lo", "up"], remaining())
                must(ns.enter() + ["ip", "addr", "add", f"{address}/24", "dev", device], remaining())
                must(ns.enter() + ["ip", "link", "set", device, "up"], remaining())
                must(
                    ns.enter()
                    + ["sysctl", "-q", "-w", f"net.ipv4.ping_group_range={PING_GROUPS}"],
                    remaining(),
                )
            sink = subprocess.Popen(
                sink_ns.enter() + unprivileged() + python_script() + [SINK_SCRIPT],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            control_probe = run(
                control.enter()
                + unprivileged()
                + python_script()
                + [PROBE_SCRIPT, SINK_ADDRESS, "15"],
                remaining(),
            )
            if control_probe.returncode:
                raise ProviderError("Control network probe failed")
            subject_probe = run(
                in_netns(self.process.pid)
                + ["unshare", "--mount", "--", "sh", "-c", 'mount -t sysfs sysfs /sys && exec "$@"', "probe"]
                + unprivileged()
                + python_script()
                + [PROBE_SCRIPT, SINK_ADDRESS],
                remaining(),
            )
            if subject_probe.returncode:
                raise ProviderError("Subject namespace probe failed")
            controls = json.loads(control_probe.stdout)["probes"]
            measured = json.loads(subject_probe.stdout)
            # The launch mode: a fresh namespace that was given no interface.
            evidence = NetworkEvidence.model_validate(
                {
                    "requested_mode": self.spec.network.mode,
                    "subject_network_mode": "none",
                    "namespace": measured["namespace"],
                    "probes": [
                        {
                            "kind": kind,
                            "control": controls[kind],
                            "subject": measured["probes"][kind],
                        }
                        for kind in ("tcp", "udp", "icmp")
                    ],
                }
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise ProviderError("Network probes returned invalid evidence") from exc
        except subprocess.TimeoutExpired as exc:
            raise ProviderError("Network probes timed out") from exc
        finally:
            if sink is not None:
                stop_process(sink, 1)
            for ns in (control, sink_ns):
                if ns is not None:
                    ns.close()
        return evidence.model_dump(mode="json")

    def stop(self) -> None:
        if self.bridge is not None:
            self.bridge.close()
            self.bridge = None
        if self.process is not None:
            try:
                stop_process(self.process)
            except (OSError, subprocess.TimeoutExpired) as exc:
                raise ProviderError(f"could not stop the subject ({exc})") from exc


# ---------------------------------------------------------------------------
# Packages and reports.


def repository_files(repo: Path) -> list[str]:
    """Tracked files and untracked ones git does not ignore (the working
    tree as a fresh clone plus the changes in it)."""
    listed = must(
        ["git", "-C", str(repo), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        60,
    )
    return sorted({name for name in listed.split("\0") if name})


def make_package(repo: Path, files: list[str], manifest: dict, env_id: str, dest: Path) -> None:
    """The repository as a Space whose root serves `env_id`."""
    for name in files:
        source = repo / name
        if not source.is_file():  # deleted in the working tree, or a submodule
            continue
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)  # follows links: the package holds none
        shutil.copymode(source, target)
    entry = next(e for e in manifest["environments"] if e["id"] == env_id)
    package = dict(manifest)
    package["default_environment"] = env_id
    package["tasks"] = [
        {"id": t["id"], "difficulty": t["difficulty"], "max_steps": t["max_steps"]}
        for t in entry["tasks"]
    ]
    package["validation"] = entry["validation"]
    text = (
        f"# openenv.yaml of the repository with {env_id} as the default environment,\n"
        "# written by scripts/openenv_validate.py for openenv validate.\n"
        + yaml.safe_dump(package, sort_keys=False, allow_unicode=True, width=1000)
    )
    (dest / "openenv.yaml").write_text(text, encoding="utf-8")
    with (dest / "Dockerfile").open("a", encoding="utf-8") as dockerfile:
        dockerfile.write(
            f"\n# This package's root serves {env_id} (scripts/openenv_validate.py).\n"
            f"ENV DESKBENCH_DEFAULT_ENV={env_id}\n"
        )


def first_line(result) -> str:
    text = "; ".join(result.evidence) if result.evidence else ""
    return text if len(text) <= 110 else text[:107] + "..."


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", type=Path, required=True)
    parser.add_argument("--binary", type=Path, required=True)
    parser.add_argument("--env", action="append", default=[], help="only these environments")
    parser.add_argument("--reports", type=Path, help="write each report's JSON here")
    parser.add_argument(
        "--artifacts",
        type=Path,
        help="write each run's reproduction bundle (plan, collector trace, provider inspection) here",
    )
    parser.add_argument(
        "--no-netns",
        action="store_true",
        help="run the subjects on the host's loopback, as when the kernel refuses namespaces",
    )
    args = parser.parse_args()

    repo = args.repo.resolve()
    manifest = yaml.safe_load((repo / "openenv.yaml").read_text(encoding="utf-8"))
    envs = [e["id"] for e in manifest["environments"]]
    unknown = sorted(set(args.env) - set(envs))
    if unknown:
        say(f"unknown environment(s) {', '.join(unknown)}; available: {', '.join(envs)}")
        return 2
    if args.env:
        envs = [e for e in envs if e in args.env]
    missing = [e for e in envs if "validation" not in next(
        entry for entry in manifest["environments"] if entry["id"] == e
    )]
    if missing:
        say(f"openenv.yaml has no validation: block for {', '.join(missing)}")
        return 1

    if args.no_netns:
        refused = "--no-netns"
    elif os.geteuid() != 0:
        refused = "not running as root"
    else:
        refused = netns_support()
    if refused is None:
        say("each subject runs in a network namespace of its own (only lo), as uid 65532")
    else:
        say(
            f"WARNING: no network namespace ({refused}). Falling back to the host's loopback: "
            "no-network is NOT enforced and runtime.network_policy SKIPs."
        )
    files = repository_files(repo)
    failures = []
    verdicts = {}
    not_implemented = {}
    # The "image" (a copy of the binary) and the subjects' working
    # directories live under target/, not /tmp: a subject's /tmp is a tmpfs
    # of its own that hides the host's.
    (repo / "target").mkdir(exist_ok=True)
    provider_dir = Path(tempfile.mkdtemp(prefix="openenv-validate-", dir=repo / "target"))
    os.chmod(provider_dir, 0o755)  # the subject's user reads the image below it
    try:
        with tempfile.TemporaryDirectory(prefix="deskbench-openenv-validate-") as scratch:
            scratch = Path(scratch)
            provider = LocalProcessProvider(args.binary.resolve(), provider_dir, refused is None)
            for env_id in envs:
                package = scratch / f"package-{env_id}"
                package.mkdir()
                make_package(repo, files, manifest, env_id, package)
                started = time.monotonic()
                report = runner.run_validation(
                    package,
                    max_level=Level.SEMANTIC,
                    provider=provider,
                    artifacts_dir=args.artifacts / env_id if args.artifacts else None,
                )
                elapsed = time.monotonic() - started
                verdicts[env_id] = report.verdict.value
                if args.reports:
                    args.reports.mkdir(parents=True, exist_ok=True)
                    write_report(report, args.reports / f"{env_id}.json")
                print(f"\n== {env_id}: verdict {report.verdict.value.upper()} ({elapsed:.1f} s)")
                for result in report.results:
                    status = result.status
                    print(f"  {status.value.upper():5}  {result.check_id:34} {first_line(result)}")
                    expected_skip = status is CheckStatus.SKIP and (
                        NOT_IMPLEMENTED in result.evidence
                        or (
                            refused is not None
                            and result.check_id == "runtime.network_policy"
                        )
                    )
                    if status is CheckStatus.SKIP and NOT_IMPLEMENTED in result.evidence:
                        not_implemented.setdefault(result.check_id, set()).add(env_id)
                    if status in (CheckStatus.FAIL, CheckStatus.ERROR) or (
                        status is CheckStatus.SKIP and not expected_skip
                    ):
                        failures.append(f"{env_id}: {status.value.upper()} {result.check_id}")
    finally:
        shutil.rmtree(provider_dir, ignore_errors=True)

    print("\n== summary")
    for env_id, verdict in verdicts.items():
        print(f"  {env_id:18} verdict {verdict.upper()}")
    print(
        f"  {len(not_implemented)} checks SKIP with '{NOT_IMPLEMENTED}' "
        "(openenv 0.10.0 reserves their ids and ships no grader; a SKIP makes the verdict WARN):"
    )
    for check_id in sorted(not_implemented):
        where = not_implemented[check_id]
        scope = "every environment" if len(where) == len(verdicts) else ", ".join(sorted(where))
        print(f"    {check_id} ({scope})")
    if failures:
        print(f"openenv-validate: {len(failures)} problem(s):")
        for failure in failures:
            print(f"  {failure}")
        return 1
    print(
        f"openenv-validate: no FAIL, ERROR or unexpected SKIP on {len(verdicts)} environment(s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
