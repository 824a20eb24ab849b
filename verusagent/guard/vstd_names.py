"""Names from vstd's source, written by tools/vstd_names.py (do not edit by hand; run it again on a newer vstd):
the methods its traits declare, the macros it defines, and what a glob import of a module without traits brings."""

TRAIT_METHODS = frozenset(
    {"agree", "all", "all_spec", "any", "append", "apply", "arbitrary", "arrow_0", "arrow_Err_0", "arrow_Ok_0",
    "arrow_Some_0", "as_bytes_vec", "as_option", "associative", "atomic_inv", "awaited", "base", "base_min",
    "bits", "bits_to_base", "branch", "clamp", "clone", "cmp", "cmp_spec", "collect", "commutative", "compatible",
    "concat", "contains_spec", "count", "decrease", "deep_clone", "deep_view", "default", "deref", "deref_mut",
    "element", "end_bound", "ens", "ensures", "eq", "eq_spec", "exec_add", "exec_contains", "exec_count",
    "exec_difference", "exec_dom", "exec_drop_first", "exec_drop_last", "exec_empty", "exec_eq", "exec_first",
    "exec_get", "exec_index", "exec_index_of", "exec_index_of_first", "exec_index_of_last", "exec_insert",
    "exec_intersect", "exec_invariant", "exec_is_prefix_of", "exec_is_suffix_of", "exec_last", "exec_len",
    "exec_push", "exec_remove", "exec_singleton", "exec_skip", "exec_sub", "exec_subrange", "exec_take",
    "exec_to_multiset", "exec_union", "exec_unwrap", "exec_update", "final_value", "find", "from", "from_iter",
    "from_iter_ensures", "from_spec", "from_str", "full_properties", "ge", "get_Err_0", "get_Ok_0", "get_Some_0",
    "get_ascii", "get_char", "get_owned", "get_ref", "ghost_advance", "ghost_decrease", "ghost_ensures",
    "ghost_invariant", "ghost_iter", "ghost_peek_next", "gt", "in_range", "index", "index_mut", "index_req",
    "inner_mask", "instance_id", "into", "into_spec", "inv", "is_Err", "is_None", "is_Ok", "is_Some", "is_ascii",
    "is_eq", "is_finite_spec", "is_ge", "is_gt", "is_infinite_spec", "is_le", "is_lt", "is_nan_spec", "is_ne",
    "is_sign_negative_spec", "is_some_spec", "is_zero", "join", "key", "le", "lt", "max", "mem_contents", "min",
    "namespaces", "ne", "next", "next_back", "obeys_cmp_spec", "obeys_contains", "obeys_eq_spec",
    "obeys_from_spec", "obeys_into_spec", "obeys_partial_cmp_spec", "obeys_prophetic_iter_laws",
    "obeys_try_from_spec", "obeys_try_into_spec", "op", "op_unit", "outer_mask", "partial_cmp", "partial_cmp_spec",
    "peek", "peek_back", "peek_ensures", "peek_requires", "post", "pre", "predicate", "range_len",
    "range_properties", "range_set", "rel", "remaining", "req", "requires", "rev", "set", "set_and_swap",
    "spec_backward_checked", "spec_backward_checked_int", "spec_bytes", "spec_end_bound", "spec_finish",
    "spec_forward_checked", "spec_forward_checked_int", "spec_index", "spec_is_lt", "spec_key", "spec_start_bound",
    "spec_steps_between", "spec_steps_between_int", "split", "start_bound", "substring_ascii", "substring_char",
    "to_bits_abs_spec", "to_bits_spec", "tracked_borrow", "tracked_expect", "tracked_expect_err", "tracked_take",
    "tracked_unwrap", "tracked_unwrap_err", "try_from", "try_from_spec", "try_into", "try_into_spec",
    "unicode_len", "unique", "unit", "unit_valid", "valid", "valid_op", "value", "view", "view_ref", "weaken",
    "weaken_shared", "will_return_none"}
)

MACROS = frozenset(
    {"assert_by_contradiction", "assert_by_contradiction_internal", "assert_imaps_equal",
    "assert_imaps_equal_internal", "assert_isets_equal", "assert_isets_equal_internal", "assert_maps_equal",
    "assert_maps_equal_internal", "assert_multisets_equal", "assert_multisets_equal_internal", "assert_seqs_equal",
    "assert_seqs_equal_internal", "assert_sets_equal", "assert_sets_equal_internal", "assume_default_value",
    "atomic_bool_methods", "atomic_common_methods", "atomic_integer_methods", "atomic_specs_bool",
    "atomic_specs_common", "atomic_specs_int", "atomic_specs_int_specific", "atomic_types", "atomic_types_generic",
    "atomic_with_ghost", "atomic_with_ghost_inner", "atomic_with_ghost_load", "atomic_with_ghost_no_op",
    "atomic_with_ghost_store", "atomic_with_ghost_update_fetch_add", "atomic_with_ghost_update_fetch_sub",
    "atomic_with_ghost_update_with_1_operand", "atomic_with_ghost_update_with_2_operand", "calc",
    "checked_uint_gen", "declare_atomic_type", "declare_atomic_type_generic", "declare_identity_view",
    "declare_invariant_impl", "declare_tuple_view", "def_bin_ops_assign_spec", "def_bin_ops_spec",
    "def_bop_assign_impls", "def_bop_assign_impls_check_overflow", "def_bop_assign_impls_no_check",
    "def_bop_assign_impls_shift", "def_bop_assign_impls_signed_div_rem", "def_bop_assign_impls_unsigned_div_rem",
    "def_bop_impls", "def_bop_impls_check_overflow", "def_bop_impls_no_check", "def_bop_impls_shift",
    "def_bop_impls_signed_div_rem", "def_bop_impls_unsigned_div_rem", "def_fmt_trait", "def_trait_axiom",
    "def_type_axiom", "def_un_ops_spec", "def_uop_impls", "def_uop_impls_check_overflow", "def_uop_impls_no_check",
    "full_impls", "imap", "imap_internal", "impl_exec_spec_tuple", "impl_from_spec", "impl_int_try_from_spec",
    "impl_primitives", "impl_zeroable_primitive_spec_impl", "iset", "iset_internal", "lemma_low_bits_mask_is_mod",
    "lemma_mul_pow2_le_max_iff_max_shr", "lemma_pow2_no_overflow", "lemma_shl_is_mul", "lemma_shr_is_div",
    "lexical_cmp_spec", "lexical_partial_cmp_spec", "make_bool_atomic", "make_signed_integer_atomic",
    "make_unsigned_integer_atomic", "map", "map_internal", "num_laws_cmp", "num_specs", "open_atomic_invariant",
    "open_atomic_invariant_in_proof", "open_atomic_invariant_in_proof_internal", "open_atomic_invariant_internal",
    "open_atomic_update", "open_atomic_update_in_proof", "open_local_invariant", "open_local_invariant_in_proof",
    "open_local_invariant_in_proof_internal", "open_local_invariant_internal", "pcell_points",
    "pcell_points_internal", "peek_atomic_update", "peek_atomic_update_in_proof", "pointer_specs",
    "primitive_laws_eq", "println", "ptr_atomic_methods", "range_impls", "seq", "seq_internal", "set",
    "set_internal", "step_specs", "try_open_atomic_update", "try_open_atomic_update_in_proof",
    "try_open_atomic_update_internal", "tuple_cmp_impl", "tuple_cmp_induct_impl", "tuple_eq_impl",
    "tuple_eq_induct_impl", "vpanic", "wrapping_specs"}
)

GLOB_MODULES = {
    "vstd::arithmetic": frozenset(
        {"div_mod", "internals", "logarithm", "mul", "overflow", "power", "power2"}
    ),
    "vstd::arithmetic::div_mod": frozenset(
        {"group_div_basics", "group_fundamental_div_mod_converse", "group_mod_basics", "group_mod_properties",
        "is_mod_equivalent", "lemma_add_mod_noop", "lemma_add_mod_noop_right", "lemma_basic_div",
        "lemma_basic_div_specific_divisor", "lemma_breakdown", "lemma_div_basics", "lemma_div_basics_1",
        "lemma_div_basics_2", "lemma_div_basics_3", "lemma_div_basics_4", "lemma_div_basics_5",
        "lemma_div_by_multiple", "lemma_div_by_multiple_is_strongly_ordered", "lemma_div_by_self",
        "lemma_div_decreases", "lemma_div_denominator", "lemma_div_is_div_recursive", "lemma_div_is_ordered",
        "lemma_div_is_ordered_by_denominator", "lemma_div_is_strictly_smaller", "lemma_div_minus_one",
        "lemma_div_multiples_vanish", "lemma_div_multiples_vanish_fancy", "lemma_div_multiples_vanish_quotient",
        "lemma_div_non_zero", "lemma_div_nonincreasing", "lemma_div_of0", "lemma_div_plus_one",
        "lemma_div_pos_is_pos", "lemma_dividing_sums", "lemma_fundamental_div_mod",
        "lemma_fundamental_div_mod_converse", "lemma_fundamental_div_mod_converse_div",
        "lemma_fundamental_div_mod_converse_helper_1", "lemma_fundamental_div_mod_converse_helper_2",
        "lemma_fundamental_div_mod_converse_mod", "lemma_hoist_over_denominator",
        "lemma_indistinguishable_quotients", "lemma_mod_add_multiples_vanish", "lemma_mod_adds", "lemma_mod_bound",
        "lemma_mod_breakdown", "lemma_mod_decreases", "lemma_mod_division_less_than_divisor",
        "lemma_mod_equivalence", "lemma_mod_is_mod_recursive", "lemma_mod_is_zero", "lemma_mod_mod",
        "lemma_mod_mul_equivalent", "lemma_mod_multiples_basic", "lemma_mod_multiples_vanish", "lemma_mod_neg_neg",
        "lemma_mod_ordering", "lemma_mod_pos_bound", "lemma_mod_self_0", "lemma_mod_sub_multiples_vanish",
        "lemma_mod_subtraction", "lemma_mod_twice", "lemma_mul_hoist_inequality", "lemma_mul_mod_noop",
        "lemma_mul_mod_noop_general", "lemma_mul_mod_noop_left", "lemma_mul_mod_noop_right",
        "lemma_multiply_divide_le", "lemma_multiply_divide_lt", "lemma_part_bound1", "lemma_part_bound2",
        "lemma_remainder", "lemma_remainder_lower", "lemma_remainder_upper", "lemma_round_down",
        "lemma_small_div_converse", "lemma_small_mod", "lemma_sub_mod_noop", "lemma_sub_mod_noop_right",
        "lemma_truncate_middle", "rust_div", "rust_rem"}
    ),
    "vstd::arithmetic::internals": frozenset(
        {"div_internals", "div_internals_nonlinear", "general_internals", "mod_internals",
        "mod_internals_nonlinear", "mul_internals", "mul_internals_nonlinear"}
    ),
    "vstd::arithmetic::internals::div_internals": frozenset(
        {"div_auto", "div_auto_minus", "div_auto_plus", "div_pos", "div_recursive", "lemma_div_auto",
        "lemma_div_auto_minus", "lemma_div_auto_plus", "lemma_div_basics", "lemma_div_induction_auto",
        "lemma_div_induction_auto_forall"}
    ),
    "vstd::arithmetic::internals::div_internals_nonlinear": frozenset(
        {"lemma_div_by_self", "lemma_div_of0", "lemma_small_div"}
    ),
    "vstd::arithmetic::internals::general_internals": frozenset(
        {"is_le", "lemma_induction_helper", "lemma_induction_helper_neg", "lemma_induction_helper_pos"}
    ),
    "vstd::arithmetic::internals::mod_internals": frozenset(
        {"lemma_div_add_denominator", "lemma_div_sub_denominator", "lemma_mod_add_denominator", "lemma_mod_auto",
        "lemma_mod_basics", "lemma_mod_below_denominator", "lemma_mod_induction_auto",
        "lemma_mod_induction_auto_forall", "lemma_mod_induction_forall", "lemma_mod_induction_forall2",
        "lemma_mod_sub_denominator", "lemma_quotient_and_remainder", "mod_auto", "mod_auto_minus", "mod_auto_plus",
        "mod_recursive"}
    ),
    "vstd::arithmetic::internals::mod_internals_nonlinear": frozenset(
        {"lemma_0_mod_anything", "lemma_fundamental_div_mod", "lemma_mod_of_zero_is_zero", "lemma_mod_range",
        "lemma_small_mod", "modulus"}
    ),
    "vstd::arithmetic::internals::mul_internals": frozenset(
        {"group_mul_properties_internal", "lemma_mul_commutes", "lemma_mul_distributes_minus",
        "lemma_mul_distributes_plus", "lemma_mul_induction", "lemma_mul_induction_auto",
        "lemma_mul_induction_auto_forall", "lemma_mul_properties_internal_prove_mul_auto", "lemma_mul_successor",
        "mul_auto", "mul_pos", "mul_recursive"}
    ),
    "vstd::arithmetic::internals::mul_internals_nonlinear": frozenset(
        {"lemma_mul_is_associative", "lemma_mul_is_distributive_add", "lemma_mul_nonzero", "lemma_mul_ordering",
        "lemma_mul_strict_inequality", "lemma_mul_strictly_positive"}
    ),
    "vstd::arithmetic::logarithm": frozenset(
        {"lemma_log0", "lemma_log_is_ordered", "lemma_log_nonnegative", "lemma_log_pow", "lemma_log_s", "log"}
    ),
    "vstd::arithmetic::mul": frozenset(
        {"group_mul_basics", "group_mul_is_commutative_and_distributive", "group_mul_is_distributive",
        "group_mul_properties", "lemma_mul_basics", "lemma_mul_basics_1", "lemma_mul_basics_2",
        "lemma_mul_basics_3", "lemma_mul_basics_4", "lemma_mul_by_zero_is_zero", "lemma_mul_cancels_negatives",
        "lemma_mul_equality_converse", "lemma_mul_increases", "lemma_mul_inequality",
        "lemma_mul_inequality_converse", "lemma_mul_is_associative", "lemma_mul_is_commutative",
        "lemma_mul_is_distributive", "lemma_mul_is_distributive_add", "lemma_mul_is_distributive_add_other_way",
        "lemma_mul_is_distributive_sub", "lemma_mul_is_distributive_sub_other_way", "lemma_mul_is_mul_pos",
        "lemma_mul_is_mul_recursive", "lemma_mul_left_inequality", "lemma_mul_nonnegative", "lemma_mul_nonzero",
        "lemma_mul_ordering", "lemma_mul_properties_prove_mul_properties_auto", "lemma_mul_strict_inequality",
        "lemma_mul_strict_inequality_converse", "lemma_mul_strict_upper_bound", "lemma_mul_strictly_increases",
        "lemma_mul_strictly_positive", "lemma_mul_unary_negation", "lemma_mul_upper_bound"}
    ),
    "vstd::arithmetic::overflow": frozenset(
        {"checked_uint_gen"}
    ),
    "vstd::arithmetic::power": frozenset(
        {"group_pow_properties", "lemma0_pow", "lemma1_pow", "lemma_pow0", "lemma_pow1", "lemma_pow_adds",
        "lemma_pow_distributes", "lemma_pow_division_inequality", "lemma_pow_increases",
        "lemma_pow_increases_converse", "lemma_pow_mod", "lemma_pow_mod_noop", "lemma_pow_multiplies",
        "lemma_pow_positive", "lemma_pow_properties_prove_pow_auto", "lemma_pow_strictly_increases",
        "lemma_pow_strictly_increases_converse", "lemma_pow_sub_add_cancel", "lemma_pow_subtracts",
        "lemma_pull_out_pows", "lemma_square_is_pow2", "pow"}
    ),
    "vstd::arithmetic::power2": frozenset(
        {"is_pow2", "is_pow2_equiv", "is_pow2_equiv_forward", "is_pow2_equiv_reverse", "is_pow2_exists",
        "lemma2_to64", "lemma2_to64_rest", "lemma_pow2", "lemma_pow2_adds", "lemma_pow2_pos",
        "lemma_pow2_strictly_increases", "lemma_pow2_subtracts", "lemma_pow2_unfold", "pow2"}
    ),
    "vstd::bits": frozenset(
        {"lemma_low_bits_mask_div2", "lemma_low_bits_mask_is_mod", "lemma_low_bits_mask_is_odd",
        "lemma_low_bits_mask_unfold", "lemma_low_bits_mask_values", "lemma_mul_pow2_le_max_iff_max_shr",
        "lemma_pow2_no_overflow", "lemma_shl_is_mul", "lemma_shr_is_div", "low_bits_mask"}
    ),
    "vstd::build": frozenset(
        {"RUST_MIN_STACK_DEFAULT", "RUST_MIN_STACK_ENV", "main"}
    ),
    "vstd::bytes": frozenset(
        {"lemma_auto_spec_u128_to_from_le_bytes", "lemma_auto_spec_u16_to_from_le_bytes",
        "lemma_auto_spec_u32_to_from_le_bytes", "lemma_auto_spec_u64_to_from_le_bytes", "spec_u128_from_le_bytes",
        "spec_u128_to_le_bytes", "spec_u16_from_le_bytes", "spec_u16_to_le_bytes", "spec_u32_from_le_bytes",
        "spec_u32_to_le_bytes", "spec_u64_from_le_bytes", "spec_u64_to_le_bytes", "spec_u64_to_le_bytes_open",
        "spec_u64_to_le_bytes_to_open", "u128_from_le_bytes", "u128_to_le_bytes", "u16_from_le_bytes",
        "u16_to_le_bytes", "u32_from_le_bytes", "u32_to_le_bytes", "u64_from_le_bytes", "u64_to_le_bytes"}
    ),
    "vstd::cell::invcell": frozenset(
        {"InvCell", "InvCellPred", "verus_"}
    ),
    "vstd::cell::pcell": frozenset(
        {"PCell", "PointsTo", "verus_"}
    ),
    "vstd::cell::pcell_maybe_uninit": frozenset(
        {"PCell", "PointsTo", "verus_"}
    ),
    "vstd::contrib::exec_spec::string": frozenset(
        {"Elem", "ExecOwnedType", "ExecRefType", "Other", "SpecString"}
    ),
    "vstd::hash_map": frozenset(
        {"HashMapWithView", "StringHashMap", "V", "axiom_hash_map_with_view_spec_len",
        "axiom_string_hash_map_spec_len", "group_hash_map_axioms"}
    ),
    "vstd::hash_set": frozenset(
        {"HashSetWithView", "StringHashSet", "V", "axiom_hash_set_with_view_spec_len",
        "axiom_string_hash_set_spec_len", "group_hash_set_axioms"}
    ),
    "vstd::imap_lib": frozenset(
        {"group_imap_extra", "group_imap_properties", "group_imap_union", "lemma_disjoint_union_size",
        "lemma_imap_new_domain", "lemma_imap_new_values", "lemma_submap_of_trans", "lemma_union_dom",
        "lemma_union_insert_left", "lemma_union_insert_right", "lemma_union_remove_left",
        "lemma_union_remove_right", "lemma_values_finite"}
    ),
    "vstd::laws_cmp": frozenset(
        {"group_laws_cmp", "lemma_isomorphic_obeys_cmp", "lemma_obeys_cmp_obeys_traits",
        "lemma_option_obeys_cmp_spec", "lemma_ref_obeys_cmp_spec", "num_laws_cmp", "obeys_cmp", "obeys_cmp_ord",
        "obeys_cmp_partial_ord", "obeys_cmp_spec", "obeys_partial_cmp_spec_properties", "tuple_cmp_impl",
        "tuple_cmp_induct_impl"}
    ),
    "vstd::laws_eq": frozenset(
        {"axiom_structural_obeys_concrete_eq", "group_laws_eq", "lemma_isomorphic_obeys_eq",
        "lemma_option_obeys_concrete_eq", "lemma_option_obeys_deep_eq", "lemma_option_obeys_eq_spec",
        "lemma_option_obeys_view_eq", "lemma_ref_obeys_concrete_eq", "lemma_ref_obeys_deep_eq",
        "lemma_ref_obeys_eq_spec", "lemma_ref_obeys_view_eq", "obeys_concrete_eq", "obeys_deep_eq", "obeys_eq",
        "obeys_eq_spec", "obeys_eq_spec_properties", "obeys_view_eq", "primitive_laws_eq", "tuple_eq_impl",
        "tuple_eq_induct_impl"}
    ),
    "vstd::layout": frozenset(
        {"align_nonzero", "align_of", "align_of_as_usize", "align_of_u8", "align_of_val_as_usize",
        "align_properties", "group_align_properties", "group_layout_axioms", "is_sized",
        "layout_for_type_is_valid", "layout_for_val_is_valid", "layout_of_maybe_uninit", "layout_of_primitives",
        "layout_of_references_and_pointers", "layout_of_references_and_pointers_for_sized_types",
        "layout_of_references_and_pointers_for_unsized_types", "layout_of_slices", "layout_of_str",
        "layout_of_unit_tuple", "signed_int_min_max_values", "size_of", "size_of_as_usize", "size_of_val_as_usize",
        "spec_align_of_val", "spec_size_of_val", "unsigned_int_max_values", "usize_size_pow2", "valid_layout"}
    ),
    "vstd::map_lib": frozenset(
        {"group_map_extra", "group_map_properties", "group_map_union", "lemma_disjoint_union_size",
        "lemma_map_new_domain", "lemma_map_new_values", "lemma_submap_of_trans", "lemma_union_dom",
        "lemma_union_insert_left", "lemma_union_insert_right", "lemma_union_remove_left",
        "lemma_union_remove_right"}
    ),
    "vstd::math": frozenset(
        {"abs", "add", "clip", "div", "max", "max3", "min", "sub"}
    ),
    "vstd::modes": frozenset(
        {"tracked_static_mut_ref", "tracked_static_ref", "tracked_swap"}
    ),
    "vstd::multiset_lib": frozenset(
        {}
    ),
    "vstd::proph": frozenset(
        {"Prophecy", "ProphecyGhost", "ProphecySeq"}
    ),
    "vstd::raw_ptr": frozenset(
        {"Dealloc", "DeallocData", "FakeMetadata", "IsExposed", "MemContents", "Metadata", "PointsTo",
        "PointsToData", "PointsToRaw", "Provenance", "PtrData", "SharedReference", "V", "allocate",
        "axiom_ptr_mut_from_data", "cast_array_ptr_to_slice_ptr", "cast_ptr_to_thin_ptr", "cast_ptr_to_usize",
        "cast_slice_ptr_to_slice_ptr", "cast_slice_ptr_to_str_ptr", "cast_str_ptr_to_slice_ptr", "deallocate",
        "expose_provenance", "group_raw_ptr_axioms", "pointer_specs", "ptr_from_data", "ptr_mut_from_data",
        "ptr_mut_read", "ptr_mut_ref", "ptr_mut_write", "ptr_null", "ptr_null_mut", "ptr_ref", "ptr_ref2",
        "ptrs_mut_eq", "ptrs_mut_eq_sized", "spec_cast_array_ptr_to_slice_ptr", "spec_cast_ptr_to_thin_ptr",
        "spec_cast_ptr_to_usize", "spec_cast_slice_ptr_to_slice_ptr", "spec_cast_slice_ptr_to_str_ptr",
        "spec_cast_str_ptr_to_slice_ptr", "view_reverse_for_eq", "view_reverse_for_eq_sized",
        "with_exposed_provenance"}
    ),
    "vstd::relations": frozenset(
        {"antisymmetric", "associative", "asymmetric", "commutative", "connected", "equivalence_relation",
        "injective", "irreflexive", "lemma_new_first_element_still_sorted_by", "partial_ordering", "pre_ordering",
        "reflexive", "sorted_by", "strict_total_ordering", "strongly_connected", "symmetric", "total_ordering",
        "transitive"}
    ),
    "vstd::resource": frozenset(
        {"aggregate_resources_from_map_starting_at_offset", "combine_values", "copy_duplicable_part", "duplicate",
        "incorporate", "lemma_pcm_associative", "lemma_pcm_properties", "redistribute", "split_mut",
        "store_resources_into_map_starting_at_offset", "update_and_redistribute", "update_mut", "validate_3",
        "validate_4", "validate_5", "validate_multiple"}
    ),
    "vstd::resource::combinators": frozenset(
        {"agree", "auth", "exclusive", "frac", "option", "product", "sum"}
    ),
    "vstd::resource::combinators::agree": frozenset(
        {"AgreementRA", "lemma_agree"}
    ),
    "vstd::resource::combinators::auth": frozenset(
        {"AuthRA", "lemma_incl_valid"}
    ),
    "vstd::resource::combinators::exclusive": frozenset(
        {"ExclusiveRA"}
    ),
    "vstd::resource::combinators::frac": frozenset(
        {"FracGhost", "FractionRA", "FractionalCarrier", "lemma_whole_fraction_has_no_frame"}
    ),
    "vstd::resource::combinators::option": frozenset(
        {"lemma_incl_opt", "lemma_incl_opt_rev", "lemma_set_op_opt"}
    ),
    "vstd::resource::combinators::product": frozenset(
        {"ProductRA"}
    ),
    "vstd::resource::combinators::sum": frozenset(
        {"SumRA"}
    ),
    "vstd::resource::impls": frozenset(
        {"frac_opt", "ghost_var", "imap", "iset", "map", "seq", "set"}
    ),
    "vstd::resource::impls::frac_opt": frozenset(
        {"Empty", "Frac", "FractionalCarrierOpt"}
    ),
    "vstd::resource::impls::ghost_var": frozenset(
        {"GhostVar", "GhostVarAuth"}
    ),
    "vstd::resource::impls::imap": frozenset(
        {"AuthCarrier", "FracCarrier", "GhostIMapAuth", "GhostIPointsTo", "GhostISubmap",
        "GhostPersistentIPointsTo", "GhostPersistentISubmap", "IMapCarrier", "lemma_submap_of_op",
        "lemma_submap_of_op_frac"}
    ),
    "vstd::resource::impls::iset": frozenset(
        {"GhostISetAuth", "GhostISingleton", "GhostISubset", "GhostPersistentISingleton", "GhostPersistentISubset"}
    ),
    "vstd::resource::impls::map": frozenset(
        {"AuthCarrier", "FracCarrier", "GhostMapAuth", "GhostPersistentPointsTo", "GhostPersistentSubmap",
        "GhostPointsTo", "GhostSubmap", "MapCarrier", "lemma_submap_of_op", "lemma_submap_of_op_frac"}
    ),
    "vstd::resource::impls::seq": frozenset(
        {"GhostSeqAuth", "GhostSubseq", "seq_to_map"}
    ),
    "vstd::resource::impls::set": frozenset(
        {"GhostPersistentSingleton", "GhostPersistentSubset", "GhostSetAuth", "GhostSingleton", "GhostSubset"}
    ),
    "vstd::resource::relations": frozenset(
        {"conjunct_shared", "frame_preserving_update", "frame_preserving_update_nondeterministic",
        "frame_preserving_update_nondeterministic_opt", "frame_preserving_update_opt", "incl",
        "lemma_frame_preserving_opt", "lemma_frame_preserving_update_nondeterministic_opt",
        "lemma_incl_transitive", "set_op"}
    ),
    "vstd::shared": frozenset(
        {"Shared", "agreement", "init", "initialize_one_inductive", "property", "tokenized_state_machine_vstd"}
    ),
    "vstd::state_machine_internal": frozenset(
        {"NoCopy", "SyncSendIfSyncSend", "assert_add_bool", "assert_add_imap", "assert_add_iset", "assert_add_map",
        "assert_add_option", "assert_add_persistent_imap", "assert_add_persistent_map",
        "assert_add_persistent_option", "assert_add_set", "assert_deposit_imap", "assert_deposit_map",
        "assert_deposit_option", "assert_general_add_bool", "assert_general_add_imap", "assert_general_add_iset",
        "assert_general_add_map", "assert_general_add_option", "assert_general_add_persistent_imap",
        "assert_general_add_persistent_map", "assert_general_add_persistent_option", "assert_general_add_set",
        "assert_general_deposit_imap", "assert_general_deposit_map", "assert_general_deposit_option",
        "assert_general_guard_imap", "assert_general_guard_map", "assert_general_guard_option",
        "assert_general_withdraw_imap", "assert_general_withdraw_map", "assert_general_withdraw_option",
        "assert_guard_imap", "assert_guard_map", "assert_guard_option", "assert_let_pattern", "assert_safety",
        "assert_withdraw_imap", "assert_withdraw_map", "assert_withdraw_option", "nat_max", "opt_add", "opt_agree",
        "opt_ge", "opt_is_none", "opt_sub"}
    ),
    "vstd::std_specs": frozenset(
        {"VstdSpecsForRustStdLib", "alloc", "atomic", "bits", "borrow", "btree", "char", "clone", "cmp",
        "control_flow", "convert", "core", "default", "fmt", "hash", "iter", "manually_drop", "maybe_uninit",
        "nonzero", "num", "ops", "option", "range", "result", "slice", "smart_ptrs", "vec", "vecdeque"}
    ),
    "vstd::std_specs::alloc": frozenset(
        {"ExGlobal"}
    ),
    "vstd::std_specs::bits": frozenset(
        {"axiom_u16_leading_ones", "axiom_u16_leading_zeros", "axiom_u16_trailing_ones",
        "axiom_u16_trailing_zeros", "axiom_u32_leading_ones", "axiom_u32_leading_zeros", "axiom_u32_trailing_ones",
        "axiom_u32_trailing_zeros", "axiom_u64_leading_ones", "axiom_u64_leading_zeros", "axiom_u64_trailing_ones",
        "axiom_u64_trailing_zeros", "axiom_u8_leading_ones", "axiom_u8_leading_zeros", "axiom_u8_trailing_ones",
        "axiom_u8_trailing_zeros", "group_bits_axioms", "u16_leading_ones", "u16_leading_zeros",
        "u16_trailing_ones", "u16_trailing_zeros", "u32_leading_ones", "u32_leading_zeros", "u32_trailing_ones",
        "u32_trailing_zeros", "u64_leading_ones", "u64_leading_zeros", "u64_trailing_ones", "u64_trailing_zeros",
        "u8_leading_ones", "u8_leading_zeros", "u8_trailing_ones", "u8_trailing_zeros"}
    ),
    "vstd::std_specs::char": frozenset(
        {"is_white_space"}
    ),
    "vstd::std_specs::control_flow": frozenset(
        {"ExControlFlow", "ExInfallible", "group_control_flow_axioms", "spec_from", "spec_from_blanket_identity"}
    ),
    "vstd::std_specs::fmt": frozenset(
        {"Argument", "ExArgument", "ExArguments", "ExError", "ExFormatter", "arguments_new",
        "axiom_fmt_req_all_ref", "def_fmt_trait", "def_trait_axiom", "def_type_axiom", "fmt_req_all",
        "group_fmt_axioms", "rt"}
    ),
    "vstd::std_specs::num": frozenset(
        {"next_multiple_of", "num_specs"}
    ),
    "vstd::std_specs::ops": frozenset(
        {"add_ensures", "def_bin_ops_assign_spec", "def_bin_ops_spec", "def_bop_assign_impls",
        "def_bop_assign_impls_check_overflow", "def_bop_assign_impls_no_check", "def_bop_assign_impls_shift",
        "def_bop_assign_impls_signed_div_rem", "def_bop_assign_impls_unsigned_div_rem", "def_bop_impls",
        "def_bop_impls_check_overflow", "def_bop_impls_no_check", "def_bop_impls_shift",
        "def_bop_impls_signed_div_rem", "def_bop_impls_unsigned_div_rem", "def_un_ops_spec", "def_uop_impls",
        "def_uop_impls_check_overflow", "def_uop_impls_no_check", "div_ensures", "mul_ensures", "neg_ensures",
        "sub_ensures"}
    ),
    "vstd::std_specs::slice": frozenset(
        {"ExIter", "axiom_slice_get_range", "axiom_slice_get_range_from", "axiom_slice_get_range_full",
        "axiom_slice_get_range_inclusive", "axiom_slice_get_range_to", "axiom_slice_get_range_to_inclusive",
        "copy_within_result", "group_slice_axioms", "into_iter_elts", "verus_"}
    ),
    "vstd::std_specs::smart_ptrs": frozenset(
        {}
    ),
    "vstd::thread": frozenset(
        {"IsThread", "JoinHandle", "ThreadId", "ThreadShareable", "ghost_thread_id", "impl", "spawn", "thread_id"}
    ),
    "vstd::utf8": frozenset(
        {"char_is_scalar", "char_u32_cast", "codepoint_width_1", "codepoint_width_2", "codepoint_width_3",
        "codepoint_width_4", "continuation_bits", "decode_encode_width_1", "decode_encode_width_2",
        "decode_encode_width_3", "decode_encode_width_4", "decode_first_codepoint", "decode_first_scalar",
        "decode_last_scalar", "decode_utf8", "decode_utf8_encode_utf8", "decode_utf8_first_scalar",
        "decode_utf8_split", "encode_decode_width_1", "encode_decode_width_2", "encode_decode_width_3",
        "encode_decode_width_4", "encode_scalar", "encode_utf8", "encode_utf8_concat", "encode_utf8_decode_utf8",
        "encode_utf8_first_scalar", "encode_utf8_push", "encode_utf8_valid_utf8", "group_utf8_lib",
        "has_width_1_encoding", "has_width_2_encoding", "has_width_3_encoding", "has_width_4_encoding",
        "is_ascii_chars", "is_ascii_chars_concat", "is_ascii_chars_encode_utf8", "is_ascii_chars_nat_bound",
        "is_char_boundary", "is_char_boundary_iff_is_leading_byte",
        "is_char_boundary_iff_not_is_continuation_byte", "is_char_boundary_len_first_scalar",
        "is_char_boundary_start_end_of_seq", "is_continuation_byte", "is_leading_byte_width_1",
        "is_leading_byte_width_2", "is_leading_byte_width_3", "is_leading_byte_width_4", "is_scalar",
        "last_continuation_byte", "leading_bits_width_1", "leading_bits_width_2", "leading_bits_width_3",
        "leading_bits_width_4", "leading_byte_width_1", "leading_byte_width_2", "leading_byte_width_3",
        "leading_byte_width_4", "lemma_encode_utf8_len_strictly_monotonic", "lemma_pop_first_scalar_decreases",
        "length_of_first_codepoint", "length_of_first_scalar", "length_of_last_scalar", "not_overlong_encoding",
        "not_surrogate", "partial_valid_partial_invalid_utf8", "partial_valid_utf8", "partial_valid_utf8_extend",
        "partial_valid_utf8_extend_ascii_block", "partial_valid_utf8_invalid_subrange_helper", "pop_first_scalar",
        "second_last_continuation_byte", "take_first_scalar", "take_first_scalar_valid_utf8", "take_last_scalar",
        "third_last_continuation_byte", "utf8_byte_ranges_bitwise", "valid_first_scalar",
        "valid_leading_and_continuation_bytes_first_codepoint", "valid_utf8", "valid_utf8_concat",
        "valid_utf8_last", "valid_utf8_split"}
    ),
    "vstd::wrapping": frozenset(
        {"wrapping_specs"}
    ),
}
