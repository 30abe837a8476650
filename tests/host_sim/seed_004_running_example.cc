// Seed 004's running example ("A Running Example of using shared memory"), compiled as written:
// its single include, then its code, unmodified, as the body of a function of a TFLite
// application that keeps its interpreter in interpreter_ (a
// std::unique_ptr<lpai::delegate::Interpreter>) and knows the tensor to place on shared memory
// (tensor_idx, num_bytes). Called by delegate_test.cc.
#include "QNN/TFLiteDelegate/QnnTFLiteDelegate.h"

void seed004_running_example(std::unique_ptr<lpai::delegate::Interpreter>& interpreter_,
                             size_t num_bytes, int tensor_idx) {
    // Setup interpreter with .tflite model.
    
    // Create QNN Delegate options structure.
    TfLiteQnnDelegateOptions options = TfLiteQnnDelegateOptionsDefault();
    
    // Set the mandatory backend_type option as HTP.
    options.backend_type = kHtpBackend;
    
    // Instantiate delegate. Must not be freed until interpreter is freed.
    // Please use QNN Delegate interface rather than external delegate interface.
    TfLiteDelegate* delegate = TfLiteQnnDelegateCreate(&options);
    
    // Allocate enough memory space on shared memory
    void* custom_ptr = TfLiteQnnDelegateAllocCustomMem(num_bytes, tflite::kDefaultTensorAlignment);
    
    // Assigns (or reassigns) a custom memory allocation for the given tensor and re-allocate tensors.
    TfLiteCustomAllocation tensor_alloc = {custom_ptr, num_bytes};
    interpreter_->SetCustomAllocationForTensor(tensor_idx, tensor_alloc);
    interpreter_->AllocateTensors();
    
    // Register QNN Delegate with TfLite interpreter to automatically delegate nodes.
    interpreter_->ModifyGraphWithDelegate(delegate);
    
    // Perform inference with interpreter as usual.
    interpreter_->Invoke();
    
    // User is responsible to free the allocated memory.
    TfLiteQnnDelegateFreeCustomMem(custom_ptr);
    
    // Delete delegate after interpreter no longer needed.
    TfLiteQnnDelegateDelete(delegate);
}
