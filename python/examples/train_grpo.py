"""GRPO on a DeskBench environment with TRL's GRPOTrainer: every rollout plays one episode
of a train-split task through the environment's tools, and its reward is the task score.

    deskbench serve --max-sessions 64 &          # at least one session per rollout in a generation batch
    python train_grpo.py --model Qwen/Qwen3-0.6B --env support_triage --steps 200
"""

import argparse
import json

import deskbench
from trl import GRPOConfig, GRPOTrainer

parser = argparse.ArgumentParser()
parser.add_argument("--model", required=True, help="a causal LM whose chat template TRL can parse tool calls from")
parser.add_argument("--url", default="http://127.0.0.1:7860", help="the DeskBench server's root")
parser.add_argument("--env", default="support_triage")
parser.add_argument("--steps", type=int, default=200)
parser.add_argument("--batch", type=int, default=8, help="rollouts per step (server sessions in use)")
parser.add_argument("--generations", type=int, default=4, help="rollouts per prompt (GRPO's group)")
parser.add_argument("--completion-tokens", type=int, default=1024)
parser.add_argument("--device", default="cuda", help="cpu, cuda, ...")
parser.add_argument("--output", default="grpo-deskbench")
parser.add_argument("--log-json", help="also write the trainer's log history (one entry per step) here")
args = parser.parse_args()

# One row per task: its split, index, task and level; `reset(**row)` plays exactly that task.
prompts = args.steps * args.batch // args.generations
dataset = deskbench.training_dataset(args.env, "train", base_url=args.url, size=prompts)
config = GRPOConfig(
    output_dir=args.output, max_steps=args.steps, per_device_train_batch_size=args.batch,
    num_generations=args.generations, max_completion_length=args.completion_tokens,
    max_tool_calling_iterations=16, logging_steps=1, save_strategy="no", report_to="none",
    use_cpu=args.device == "cpu", bf16=args.device != "cpu", seed=0,
)  # fmt: skip
# Reward mode `score`: an episode's rewards add up to its task score, read by get_reward().
with deskbench.environment_factory(args.env, base_url=args.url, reward_mode="score") as factory:
    trainer = GRPOTrainer(model=args.model, args=config, train_dataset=dataset, environment_factory=factory)
    trainer.train()
if args.log_json:
    with open(args.log_json, "w") as log:
        json.dump(trainer.state.log_history, log, indent=1)
