"""A tiny randomly initialised causal LM and a tokenizer trained here, for `make trainers`:
nothing comes from a model hub. The tokenizer is a byte-level BPE trained on the
environment's own text (its task prompts and first observations from the server, and its
tool specs), with the special tokens of the Qwen3 chat template that TRL ships, so TRL
renders tools and parses tool calls as it does for Qwen3. The model is a 2-layer Qwen3.

Usage: tiny_model.py OUTPUT_DIR --url SERVER_ROOT [--env support_triage]
"""

from __future__ import annotations

import argparse
import inspect
import json

import deskbench
import torch
from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import PreTrainedTokenizerFast, Qwen3Config, Qwen3ForCausalLM
from transformers.utils import get_json_schema
from trl.chat_template_utils import qwen3_chat_template

CONTROL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
# Kept in decoded text, as Qwen3's tokenizer keeps them: TRL's response parser reads them.
MARKUP = ["<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>", "<think>", "</think>"]


def corpus(url: str, env: str, rows: int) -> list[str]:
    texts = []
    tool_envs = set(deskbench.TOOL_ENVS[env].values())
    for tool_env in tool_envs:
        for name, member in inspect.getmembers(tool_env, predicate=inspect.isfunction):
            if not name.startswith("_") and name not in ("reset", "get_reward"):  # TRL's tools
                texts.append(json.dumps(get_json_schema(member)))
    for row in deskbench.dataset_rows(env, "train", base_url=url, size=rows):
        texts.append(row["prompt"][0]["content"])
        instance = deskbench.TOOL_ENVS[env][row["task"]](url)
        try:
            texts.append(instance.reset(**row))
        finally:
            instance._close()
    return texts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("output")
    parser.add_argument("--url", required=True)
    parser.add_argument("--env", default="support_triage")
    parser.add_argument("--vocab", type=int, default=4096)
    args = parser.parse_args()

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=args.vocab, special_tokens=CONTROL,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())  # fmt: skip
    bpe.train_from_iterator(corpus(args.url, args.env, rows=30), trainer)
    bpe.add_tokens([AddedToken(t, special=False, normalized=False) for t in MARKUP])
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=bpe, eos_token="<|im_end|>", pad_token="<|endoftext|>")
    tokenizer.chat_template = qwen3_chat_template
    tokenizer.save_pretrained(args.output)

    torch.manual_seed(0)
    config = Qwen3Config(
        vocab_size=len(tokenizer), hidden_size=64, intermediate_size=128, num_hidden_layers=2,
        num_attention_heads=4, num_key_value_heads=2, head_dim=16, max_position_embeddings=16384,
        eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id, tie_word_embeddings=True,
    )  # fmt: skip
    model = Qwen3ForCausalLM(config)
    model.save_pretrained(args.output)
    parameters = sum(p.numel() for p in model.parameters())
    print(f"tiny model: {parameters:,} parameters, vocabulary {len(tokenizer)}, saved to {args.output}")


if __name__ == "__main__":
    main()
